// The queries behind the busiest requests and jobs, captured as the real code sends them and
// planned by PostgreSQL on a seeded installation (`npm run seed:scale`): none may read a
// user-owned table whole. A missing index shows here as a Seq Scan long before it shows as a
// slow page on a big database.
import { rmSync } from "node:fs";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runScript } from "../../tests/helpers/installation-kit";
import { testEnv, TEST_APP_URL } from "../../tests/helpers/test-app";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../tests/helpers/test-database";
import { buildApp } from "./app";
import { openDatabase, type Database } from "./db/client";
import { defaultJobs } from "./jobs/background-jobs";

const PASSWORD = "seed-password-1";
// Enough rows that PostgreSQL plans as it would for a big installation: an index wins over
// reading a table whole only once the table spans many pages.
const SEED = ["--users", "3000", "--contacts", "10", "--days", "7", "--password", PASSWORD];
const ACCOUNT = "seed-42";
const WITHOUT_WHOLE_READS =
  "set enable_seqscan = off; set enable_hashjoin = off; set enable_mergejoin = off";

type Statement = { label: string; text: string; values: unknown[] };
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
};
type Index = { name: string; leading: string | null; isPartial: boolean };

// pg's Client#query(config | text, values?, callback?): Drizzle passes a config and the values.
function statementOf(label: string, args: unknown[]): Statement | undefined {
  const [first, second] = args;
  const config = typeof first === "string" ? { text: first } : (first as { text?: string });
  if (!config?.text) return undefined;
  const values = (config as { values?: unknown[] }).values ?? (Array.isArray(second) ? second : []);
  return { label, text: config.text, values };
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

// An index scan narrows its table when its condition binds the index's first column, or when the
// index is partial (it holds only the rows such a query wants).
function isNarrowing(node: PlanNode, indexes: Map<string, Index>): boolean {
  const index = indexes.get(node["Index Name"] ?? "");
  if (!index) return false;
  if (index.isPartial) return true;
  const bound = new RegExp(`\\((\\w+\\.)?${index.leading} (=|<|>|<=|>=) `);
  return index.leading !== null && bound.test(node["Index Cond"] ?? "");
}

// Each scan of a user-owned table in a plan that reads the table (or its whole index) through.
function wholeReads(plan: PlanNode, userOwned: Set<string>, indexes: Map<string, Index>) {
  const problems: string[] = [];
  for (const node of walk(plan)) {
    const table = node["Relation Name"];
    if (!table || !userOwned.has(table)) continue;
    const type = node["Node Type"];
    if (type === "Seq Scan") problems.push(`Seq Scan on ${table}`);
    const probes =
      type === "Bitmap Heap Scan"
        ? [...walk(node)].filter((n) => n["Node Type"] === "Bitmap Index Scan")
        : type === "Index Scan" || type === "Index Only Scan"
          ? [node]
          : [];
    for (const probe of probes.filter((p) => !isNarrowing(p, indexes))) {
      problems.push(`${type} on ${table} through ${probe["Index Name"]}, not narrowed by it`);
    }
  }
  return problems;
}

describe("hot queries on a seeded installation", () => {
  let installation: EmptyPostgresDatabase;
  let database: Database;
  let app: FastifyInstance;
  let client: pg.Client;
  let cookie = "";
  const statements: Statement[] = [];

  beforeAll(async () => {
    installation = await createEmptyPostgresDatabase();
    const seeded = await runScript("seed:scale", SEED, { DATABASE_URL: installation.url });
    expect(seeded.code, seeded.stderr).toBe(0);
    database = await openDatabase({ databaseUrl: installation.url });
    app = await buildApp({ env: testEnv(), database, serveWeb: false, logger: false });
    await app.ready();
    client = new pg.Client({ connectionString: installation.url });
    await client.connect();
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_APP_URL },
      payload: { email: `${ACCOUNT}@seed.invalid`, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // The session cookie alone, without Better Auth's cached copy: the session is read from its
    // row, as on a request after the copy has expired.
    const setCookies = [signIn.headers["set-cookie"] ?? []].flat();
    cookie = setCookies.map((c) => c.split(";")[0]!).find((c) => c.includes("session_token="))!;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await client?.end().catch(() => undefined);
    await installation?.drop();
    if (app) rmSync(app.env.DATA_DIR, { recursive: true, force: true });
  });

  // Every statement any pg client sends while `work` runs, under `label`.
  async function capture(label: string, work: () => Promise<void>): Promise<void> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      await work();
    } finally {
      for (const call of spy.mock.calls) {
        const statement = statementOf(label, call);
        if (statement) statements.push(statement);
      }
      spy.mockRestore();
    }
  }

  async function request(options: InjectOptions & { url: string }, status = 200) {
    const response = await app.inject({
      ...options,
      headers: { origin: TEST_APP_URL, cookie, ...options.headers },
    });
    expect(response.statusCode, `${options.url}: ${response.body}`).toBe(status);
    return response;
  }

  // A job as a worker runs it. The scheduler does not start the sender itself here, so the
  // sender's queries are its own step, as in a worker whose sender timer picks the rows up.
  async function runJob(name: string): Promise<void> {
    const outbox = { ...app.services.outbox, kick: () => undefined };
    const ctx = { ...app.services, outbox, log: app.log };
    await defaultJobs(ctx)
      .find((job) => job.name === name)!
      .run(ctx);
  }

  it("reaches every user-owned table through an index that fits", async () => {
    const { rows: contactRows } = await client.query<{ id: string }>(
      "select id from contacts where user_id = $1 order by id",
      [ACCOUNT],
    );
    const contactId = contactRows[0]!.id;

    await capture("contact list", async () => {
      const list = await request({ url: "/api/contacts?archived=false" });
      expect(list.json<{ total: number }>().total).toBe(10);
      const etag = String(list.headers.etag);
      await request(
        { url: "/api/contacts?archived=false", headers: { "if-none-match": etag } },
        304,
      );
    });

    await capture("contact page", async () => {
      await request({ url: `/api/contacts/${contactId}` });
      await request({ url: `/api/contacts/${contactId}/interactions` });
      const links = await request({ url: `/api/contacts/${contactId}/relationships` });
      expect(JSON.stringify(links.json())).toContain("friend");
      await request({ url: "/api/households" });
    });

    await capture("notifications", async () => {
      const unread = await request({ url: "/api/notifications?status=unread&limit=10" });
      expect(unread.json<unknown[]>()).toHaveLength(1);
      const first = await request({ url: "/api/notifications?limit=3" });
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
      expect(next).toBeDefined();
      const url = new URL(next!, TEST_APP_URL);
      await request({ url: url.pathname + url.search });
    });

    const made = await request(
      {
        method: "POST",
        url: "/api/tokens",
        payload: { name: "plans", scope: "read", expiresInDays: null },
      },
      201,
    );
    const bearer = { authorization: `Bearer ${made.json<{ token: string }>().token}`, cookie: "" };
    await capture("v1 contact list", async () => {
      const page = await request({ url: "/api/v1/contacts?limit=3", headers: bearer });
      const cursor = page.json<{ nextCursor: string }>().nextCursor;
      expect(cursor).toBeTruthy();
      await request({ url: `/api/v1/contacts?limit=3&cursor=${cursor}`, headers: bearer });
      const since = new Date(Date.now() - 86_400_000).toISOString();
      await request({ url: `/api/v1/contacts?updatedSince=${since}`, headers: bearer });
      await request({ url: "/api/v1/contacts?tag=work", headers: bearer });
      await request({ url: "/api/v1/contacts?state=overdue", headers: bearer });
      await request({ url: "/api/v1/contacts/due", headers: bearer });
    });

    // 9:00 in London: a third of the accounts are due at once.
    await client.query(
      `update user_reminders set next_scheduled_at = now() - interval '1 minute'
       where timezone = 'Europe/London'`,
    );
    await capture("scheduler", () => runJob("reminder-scheduler"));
    const { rows: delivered } = await client.query<{ n: number }>(
      "select count(*)::int as n from reminder_deliveries where created_at > now() - interval '1 hour'",
    );
    expect(delivered[0]!.n).toBe(1000);
    const pending = () =>
      client.query<{ n: number }>("select count(*)::int as n from outbox where status = 'pending'");
    expect((await pending()).rows[0]!.n).toBeGreaterThan(0);
    await capture("outbox sender", () => runJob("outbox-sender"));
    expect((await pending()).rows[0]!.n).toBe(0);

    await client.query("analyze");
    const { rows: owned } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.columns
       where table_schema = 'public' and column_name = 'user_id'`,
    );
    // Reminder notifications are one row per digest, so that table grows with the users too.
    const userOwned = new Set([...owned.map((r) => r.name), "users", "profiles", "notifications"]);
    const { rows: indexRows } = await client.query<Index>(
      `select c.relname as name, a.attname as leading, i.indpred is not null as "isPartial"
       from pg_index i join pg_class c on c.oid = i.indexrelid
       left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
       where c.relnamespace = 'public'::regnamespace`,
    );
    const indexes = new Map(indexRows.map((index) => [index.name, index]));
    const explain = async (statement: Statement) => {
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      return rows[0]!["QUERY PLAN"][0].Plan;
    };

    const findings: string[] = [];
    const scanned = new Map<string, Set<string>>();
    const explained = new Set<string>();
    for (const statement of statements) {
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.text)) continue;
      if (explained.has(statement.text)) continue;
      explained.add(statement.text);
      const plan = await explain(statement);
      for (const node of walk(plan)) {
        const table = node["Relation Name"];
        if (table)
          scanned.set(statement.label, (scanned.get(statement.label) ?? new Set()).add(table));
      }
      if (wholeReads(plan, userOwned, indexes).length === 0) continue;
      // A table of a few pages in the sample is cheaper to read whole (or to hash or merge whole);
      // on a big installation it is not. Planned again without those, the query must reach each
      // table through an index that fits.
      await client.query(WITHOUT_WHOLE_READS);
      const problems = wholeReads(await explain(statement), userOwned, indexes);
      await client.query("reset all");
      const sql = statement.text.replace(/\s+/g, " ").slice(0, 200);
      for (const problem of problems) findings.push(`${statement.label}: ${problem} in ${sql}`);
    }
    expect(findings).toEqual([]);
    // The capture saw the queries it is about.
    expect([...scanned.get("contact list")!]).toContain("contacts");
    expect([...scanned.get("contact page")!]).toEqual(
      expect.arrayContaining(["contacts", "interactions", "relationships", "household_members"]),
    );
    expect([...scanned.get("notifications")!]).toContain("user_notifications");
    expect([...scanned.get("v1 contact list")!]).toEqual(
      expect.arrayContaining(["api_tokens", "contacts"]),
    );
    expect([...scanned.get("scheduler")!]).toContain("user_reminders");
    expect([...scanned.get("outbox sender")!]).toEqual(
      expect.arrayContaining(["outbox", "reminder_deliveries"]),
    );
    const claims = statements.filter((s) => /skip locked/i.test(s.text)).map((s) => s.label);
    expect(new Set(claims)).toEqual(new Set(["scheduler", "outbox sender"]));
  }, 180_000);
});
