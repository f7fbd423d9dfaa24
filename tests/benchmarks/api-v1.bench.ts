// Benchmark: what a script feels of /api/v1. Paging through 1,000 contacts 100 at a time with a
// token, against the app's own list route reading the same 1,000 in one answer; and 1,000 signed
// webhook deliveries through the outbox to a local receiver, against the same 1,000 signed POSTs
// sent by plain fetch at the outbox's concurrency. Both sides run in the same process and round,
// so a busy machine slows them alike. Budgets: paging ≤ 3× the list read; deliveries ≤ 5×, since
// each is a durable record (claimed, its webhook read, its outcome written twice) where a plain
// POST keeps nothing.
// Run with `npm run bench -- api-v1` (PGlite; `BENCH_DB=postgres` for PostgreSQL).
import { randomUUID } from "node:crypto";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { signWebhookBody } from "../../src/server/features/channels/webhook";
import { emitWebhookEvent } from "../../src/server/features/webhooks/webhooks.public";
import { injectWithToken, makeToken } from "../helpers/api-token-kit";
import { build, createUser, injectAs, type TestApp } from "../helpers/test-app";
import { startWebhookReceiver } from "../helpers/webhook-receiver";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";
import { seedContacts } from "./seed-contacts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 100;
const DELIVERIES = 1000;
const BUDGETS = { paging: 3, deliveries: 5 };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function pageThrough(t: TestApp, token: string): Promise<number> {
  let cursor: string | null = null;
  let listed = 0;
  do {
    const query: string = cursor ? `?limit=${PAGE}&cursor=${cursor}` : `?limit=${PAGE}`;
    const res = await injectWithToken(t.app, token, { url: `/api/v1/contacts${query}` });
    if (res.statusCode !== 200) throw new Error(`/api/v1/contacts answered ${res.statusCode}`);
    const page = res.json<{ items: unknown[]; nextCursor: string | null }>();
    listed += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return listed;
}

async function listRound(t: TestApp) {
  const user = await createUser(t.app);
  await seedContacts(t.app.db, user.id, { count: CONTACT_LIMIT });
  const { token } = await makeToken(t.app, user, { scope: "read" });
  const list = await timed(async () => {
    const res = await injectAs(t.app, user, { url: "/api/contacts" });
    if (res.statusCode !== 200) throw new Error(`/api/contacts answered ${res.statusCode}`);
  });
  let listed = 0;
  const paging = await timed(async () => {
    listed = await pageThrough(t, token);
  });
  if (listed !== CONTACT_LIMIT) throw new Error(`paging listed ${listed}, not ${CONTACT_LIMIT}`);
  return { list, paging };
}

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function deliveryRound(t: TestApp, receiver: Receiver) {
  const user = await createUser(t.app);
  const made = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/webhooks",
    payload: { url: receiver.url, events: ["interaction.logged"] },
  });
  if (made.statusCode !== 201) throw new Error(`POST /api/webhooks answered ${made.body}`);
  const { secret } = made.json<{ secret: string }>();
  receiver.state.secret = secret;

  // The events are written as a change writes them; the clock runs from the first send.
  const now = t.app.clock.now();
  await t.app.db.transaction(async (tx) => {
    for (let i = 0; i < DELIVERIES; i++) {
      await emitWebhookEvent(tx, {
        userId: user.id,
        type: "interaction.logged",
        now,
        data: { interaction: { id: randomUUID(), note: `call ${i}` } },
      });
    }
  });
  const before = receiver.received.length;
  const outbox = await timed(() => t.app.outbox.drain());
  if (receiver.received.length - before !== DELIVERIES) {
    throw new Error(`the receiver got ${receiver.received.length - before} of ${DELIVERIES}`);
  }

  // The same bodies, signed the same way, sent by fetch with as many at once as the outbox.
  const bodies = receiver.received.slice(before).map((r) => r.body);
  const concurrency = t.app.env.OUTBOX_CONCURRENCY;
  const plain = await timed(async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const res = await fetch(receiver.url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "tend-signature": signWebhookBody(secret, body, Math.floor(Date.now() / 1000)),
              "tend-delivery": randomUUID(),
            },
            body,
          });
          if (res.status !== 200) throw new Error(`the receiver answered ${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
  });
  return { outbox, plain };
}

async function main(database: "pglite" | "postgres") {
  if (database === "postgres") process.env.TEST_DATABASE_URL = POSTGRES_URL;
  // The receiver listens on 127.0.0.1, which only a self-hosted server may be allowed to call.
  const t = await build({ ALLOW_PRIVATE_WEBHOOKS: "true" });
  const receiver = await startWebhookReceiver();
  try {
    await listRound(t); // warm-up: code paths compiled, caches filled
    await deliveryRound(t, receiver);
    const lists: Awaited<ReturnType<typeof listRound>>[] = [];
    const sends: Awaited<ReturnType<typeof deliveryRound>>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      lists.push(await listRound(t));
      sends.push(await deliveryRound(t, receiver));
    }
    const median = (values: number[]) => summarise(values).median;
    const list = median(lists.map((r) => r.list));
    const paging = median(lists.map((r) => r.paging));
    const outbox = median(sends.map((r) => r.outbox));
    const plain = median(sends.map((r) => r.plain));
    const ratios = { paging: paging / list, deliveries: outbox / plain };
    const isWithin = ratios.paging <= BUDGETS.paging && ratios.deliveries <= BUDGETS.deliveries;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `${isWithin ? "✓" : "✗"} api-v1 (${database}): paging ${CONTACT_LIMIT} contacts ${PAGE} at a time with a token ${ms(paging)}, ${ratios.paging.toFixed(2)}× the app's list in one answer (${ms(list)}; budget ≤ ${BUDGETS.paging}×); ${DELIVERIES} webhook deliveries through the outbox ${ms(outbox)}, ${ratios.deliveries.toFixed(2)}× plain signed POSTs (${ms(plain)}; budget ≤ ${BUDGETS.deliveries}×); median of ${ROUNDS}`,
    );
    if (!isWithin) process.exitCode = 1;
  } finally {
    await t.close();
    await receiver.close();
  }
}

const database = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
if (database === "postgres" && !(await isPostgresUp())) {
  reportMissing("api-v1", `PostgreSQL not reachable at ${POSTGRES_URL}`);
} else {
  await main(database);
}
