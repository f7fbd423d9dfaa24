// A lease on a job only one process may run at a time (Telegram's long polling): taking it
// succeeds when nobody holds it, it ran out, or this holder already has it (a renewal). The
// database's clock decides expiry, so processes on different machines agree.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { serviceLeases } from "../db/schema/index";

export async function takeLease(
  db: Db,
  lease: { name: string; holder: string; ttlSeconds: number },
): Promise<boolean> {
  const taken = await db
    .insert(serviceLeases)
    .values({
      name: lease.name,
      holder: lease.holder,
      expiresAt: sql`now() + make_interval(secs => ${lease.ttlSeconds})`,
    })
    .onConflictDoUpdate({
      target: serviceLeases.name,
      set: { holder: sql`excluded.holder`, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`service_leases.expires_at < now() or service_leases.holder = ${lease.holder}`,
    })
    .returning({ holder: serviceLeases.holder });
  return taken.length > 0;
}

export async function releaseLease(db: Db, lease: { name: string; holder: string }) {
  await db
    .delete(serviceLeases)
    .where(and(eq(serviceLeases.name, lease.name), eq(serviceLeases.holder, lease.holder)));
}
