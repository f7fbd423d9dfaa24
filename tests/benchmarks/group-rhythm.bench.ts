// Benchmark: changing a group's rhythm with 500 followers in one request (PUT /api/tags/:name:
// every follower's rhythm, due date and undo snapshot in one transaction) against reading the
// whole contact list (GET /api/contacts, 1,000 contacts, not cached: each change bumps the
// list's version) in the same run, one after the other round by round. Budget: the change's
// median ≤ BUDGET × the read's.
// Run with `npm run bench -- group-rhythm` (PGlite; `BENCH_DB=postgres` for PostgreSQL).
import { performance } from "node:perf_hooks";
import { and, eq, inArray } from "drizzle-orm";
import { contacts } from "../../src/server/db/schema/index";
import { build, createUser, injectAs } from "../helpers/test-app";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";
import { seedContacts } from "./seed-contacts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const FOLLOWERS = 500;
const TAG = "Close friends";
const BUDGET = 3;
const RHYTHMS = [
  { interval: 2, unit: "week" },
  { interval: 1, unit: "month" },
] as const;

async function main(database: "pglite" | "postgres") {
  process.env.TEST_DB = database;
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const t = await build({ RATE_LIMIT_ENABLED: "false" });
  try {
    const user = await createUser(t.app);
    await seedContacts(t.app.db, user.id);
    // Half the book in the group, without a rhythm of their own: they all follow it.
    const rows = await t.app.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.userId, user.id))
      .limit(FOLLOWERS);
    await t.app.db
      .update(contacts)
      .set({
        tags: [TAG],
        rhythmInterval: null,
        rhythmUnit: null,
        rhythmSetAt: null,
        nextDueAt: null,
      })
      .where(
        and(
          eq(contacts.userId, user.id),
          inArray(
            contacts.id,
            rows.map((r) => r.id),
          ),
        ),
      );

    const change = async (round: number) => {
      const started = performance.now();
      const res = await injectAs(t.app, user, {
        method: "PUT",
        url: `/api/tags/${encodeURIComponent(TAG)}`,
        payload: { rhythm: RHYTHMS[round % 2] },
      });
      const ms = performance.now() - started;
      const moved = res.json<{ updated: number }>().updated;
      if (res.statusCode !== 200 || moved !== FOLLOWERS)
        throw new Error(`PUT: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return ms;
    };
    const read = async () => {
      const started = performance.now();
      const res = await injectAs(t.app, user, { url: "/api/contacts" });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`GET: ${res.statusCode}`);
      return ms;
    };
    // A first round warms both paths (queries prepared, the list's code loaded).
    await change(1);
    await read();
    const times = { change: [] as number[], read: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.change.push(await change(round));
      times.read.push(await read());
    }
    const changeMs = summarise(times.change).median;
    const readMs = summarise(times.read).median;
    const ratio = changeMs / readMs;
    console.log(
      `${ratio <= BUDGET ? "✓" : "✗"} group rhythm for ${FOLLOWERS} followers (${database}): median ${changeMs.toFixed(0)} ms, ${ratio.toFixed(2)}× reading the 1,000-contact list's ${readMs.toFixed(0)} ms (budget ≤ ${BUDGET}×; ${ROUNDS} rounds)`,
    );
    if (ratio > BUDGET) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

const database = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
if (database === "postgres" && !(await isPostgresUp())) {
  reportMissing("group-rhythm", `PostgreSQL not reachable at ${POSTGRES_URL}`);
} else {
  await main(database);
}
