// How the background jobs are doing, shared by every process through the database: when the
// reminder scheduler last finished a run, and how long the oldest message has waited to be sent,
// in all and per channel (email, sms and each chat channel share the one outbox).
import { count, inArray, min } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobHeartbeats, outbox } from "../db/schema/index";

/** An unsent message older than this is worth an operator's attention (logged as a warning). */
export const STALE_OUTBOX_SECONDS = 15 * 60;

export async function readJobHealth(db: Db, now: Date) {
  const beats = await db.select().from(jobHeartbeats);
  const [oldest] = await db
    .select({ at: min(outbox.createdAt) })
    .from(outbox)
    .where(inArray(outbox.status, ["pending", "sending"]));
  const oldestAt = oldest?.at ? new Date(oldest.at) : null;
  // Unsent rows only: the outbox's claimable index covers them, however long the outbox grows.
  const perChannel = await db
    .select({ channel: outbox.channel, unsent: count(), at: min(outbox.createdAt) })
    .from(outbox)
    .where(inArray(outbox.status, ["pending", "sending"]))
    .groupBy(outbox.channel);
  const ageOf = (at: Date | string | null) =>
    at ? Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000)) : null;
  return {
    lastSchedulerRunAt:
      beats.find((b) => b.name === "reminder-scheduler")?.lastRunAt.toISOString() ?? null,
    oldestUnsentAt: oldestAt?.toISOString() ?? null,
    oldestUnsentAgeSeconds: ageOf(oldestAt),
    channels: Object.fromEntries(
      perChannel.map((c) => [c.channel, { unsent: c.unsent, oldestUnsentAgeSeconds: ageOf(c.at) }]),
    ),
  };
}
