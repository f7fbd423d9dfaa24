// Benchmark: finding duplicates among 1,000 contacts and merging 50 pairs in one request, each
// against reading the same contact list (GET /api/contacts, not cached) in the same run, so a
// busy machine slows both sides alike. Budgets: finding ≤ 3× the list read, merging 50 pairs ≤
// 10×. Run with `npm run bench -- duplicates` (PGlite; `BENCH_DB=postgres` for PostgreSQL).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { CONTACT_LIMIT } from "../../src/core/constants";
import type { BulkMergeResult, Duplicates } from "../../src/core/contact-merge";
import { contacts } from "../../src/server/db/schema/index";
import { build, createUser, injectAs, type TestApp } from "../helpers/test-app";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";
import { seedContacts } from "./seed-contacts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAIRS = 50;
const BUDGETS = { find: 3, merge: 10 };

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** A full address book: 950 people, and a second copy of 50 of them (another case, a nickname). */
async function seedWithCopies(t: TestApp, userId: string) {
  await seedContacts(t.app.db, userId, { count: CONTACT_LIMIT - PAIRS });
  const originals = await t.app.db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .limit(PAIRS);
  await t.app.db.insert(contacts).values(
    originals.map(({ id: _id, createdAt: _c, updatedAt: _u, ...row }) => ({
      ...row,
      firstName: row.firstName.slice(0, -1),
      emails: row.emails.map((e) => ({ value: e.value.toUpperCase() })),
      phones: [],
    })),
  );
}

// As a browser asks, so both answers are compressed as they would be.
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload);
  if (encoding === "gzip") return gunzipSync(res.rawPayload);
  return res.rawPayload;
}

async function round(t: TestApp) {
  const user = await createUser(t.app);
  await seedWithCopies(t, user.id);
  const get = (url: string) =>
    injectAs(t.app, user, { url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
  const list = await timed(() => get("/api/contacts"));
  if (list.value.statusCode !== 200) throw new Error(`the list answered ${list.value.statusCode}`);
  const find = await timed(() => get("/api/contacts/duplicates"));
  const { groups } = JSON.parse(decoded(find.value).toString()) as Duplicates;
  if (groups.length !== PAIRS) throw new Error(`found ${groups.length} groups, not ${PAIRS}`);
  const merges = groups.map((g) => ({
    keepId: g.contacts[0]!.id,
    mergeIds: g.contacts.slice(1).map((c) => c.id),
  }));
  const merge = await timed(() =>
    injectAs(t.app, user, { method: "POST", url: "/api/contacts/merge/bulk", payload: { merges } }),
  );
  const merged = merge.value.json<BulkMergeResult>();
  if (merged.contacts?.length !== PAIRS) throw new Error(`merge answered ${merge.value.body}`);
  return { list: list.ms, find: find.ms, merge: merge.ms };
}

async function main(database: "pglite" | "postgres") {
  if (database === "postgres") process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const t = await build();
  try {
    await round(t); // warm-up: code paths compiled, caches filled
    const runs: Awaited<ReturnType<typeof round>>[] = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await round(t));
    const median = (key: "list" | "find" | "merge") => summarise(runs.map((r) => r[key])).median;
    const list = median("list");
    const ratios = { find: median("find") / list, merge: median("merge") / list };
    const isWithin = ratios.find <= BUDGETS.find && ratios.merge <= BUDGETS.merge;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `${isWithin ? "✓" : "✗"} duplicates (${database}): finding among 1,000 contacts ${ms(median("find"))}, ${ratios.find.toFixed(2)}× reading the list (${ms(list)}; budget ≤ ${BUDGETS.find}×); merging ${PAIRS} pairs in one request ${ms(median("merge"))}, ${ratios.merge.toFixed(2)}× (budget ≤ ${BUDGETS.merge}×); median of ${ROUNDS}`,
    );
    if (!isWithin) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

const database = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
if (database === "postgres" && !(await isPostgresUp())) {
  reportMissing("duplicates", `PostgreSQL not reachable at ${POSTGRES_URL}`);
} else {
  await main(database);
}
