// Benchmark: the contact list and a signed-in request under load, each against a baseline in the
// same run, so a busy machine slows both sides alike:
// - GET /api/me against the app's own GET /healthz: throughput ratio ≥ 0.25;
// - GET /api/contacts (1,000 contacts, brotli, 20 clients) against a bare node:http server sending
//   the very bytes the app sent: throughput ratio ≥ 0.5;
// - /healthz p99 while 20 clients read the list ≤ 50 ms (the bare server's under the same load is
//   printed beside it).
// Run with `npm run bench -- contacts-list` (PGlite; `BENCH_DB=postgres` for PostgreSQL).
import http from "node:http";
import { setTimeout } from "node:timers/promises";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { build, cookieFrom, createUser, injectAs, TEST_APP_URL } from "../helpers/test-app";
import {
  isPostgresUp,
  loadInWorker,
  POSTGRES_URL,
  reportMissing,
  startProbe,
  summarise,
  type Load,
} from "./bench-kit";
import { seedContacts } from "./seed-contacts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LIST_CLIENTS = 20;
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const BUDGETS = { me: 0.25, list: 0.5, healthUnderLoadMs: 50 };
const inClient = (load: Load) => loadInWorker(load, SECONDS);

function bareServer(handler: http.RequestListener): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/** /healthz probed from a process of its own while LIST_CLIENTS read the list at `url`. */
async function healthUnderListLoad(url: string, headers: Record<string, string>) {
  const probe = await startProbe(`${url}/healthz`, 25);
  try {
    const loading = inClient({ url: `${url}/api/contacts`, connections: LIST_CLIENTS, headers });
    // Only probes well inside the load's window count.
    await setTimeout(1000);
    probe.mark();
    await setTimeout((SECONDS - 1.5) * 1000);
    probe.mark();
    await loading;
    const [, probes = []] = await probe.stop();
    return probes;
  } finally {
    await probe.stop().catch(() => undefined);
  }
}

async function main(database: "pglite" | "postgres") {
  process.env.TEST_DB = database;
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const t = await build({ RATE_LIMIT_ENABLED: "false" });
  try {
    const user = await createUser(t.app);
    await seedContacts(t.app.db, user.id);
    const appUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const listRes = await injectAs(t.app, user, {
      url: "/api/contacts",
      headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
    });
    if (listRes.statusCode !== 200 || listRes.headers["content-encoding"] !== "br") {
      throw new Error(`list: ${listRes.statusCode}, ${listRes.headers["content-encoding"]}`);
    }
    const healthBody = (await t.app.inject({ url: "/healthz" })).body;
    const bare = await bareServer((req, res) => {
      if (req.url === "/healthz") {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(healthBody);
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json", "content-encoding": "br" })
        .end(listRes.rawPayload);
    });
    // A browser stores the fresh session copy the server hands it every minute; autocannon keeps
    // sending what it was given, so each load starts with a sign-in of its own.
    const signedIn = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_APP_URL },
        payload: { email: user.email, password: "correct-horse-1" },
      });
      return { cookie: cookieFrom(res), "accept-encoding": BROWSER_ACCEPT_ENCODING };
    };
    const browserEncoding = { "accept-encoding": BROWSER_ACCEPT_ENCODING };

    const ratios: Record<"me" | "list", number[]> = { me: [], list: [] };
    const appProbes: number[] = [];
    const bareProbes: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const health = await inClient({ url: `${appUrl}/healthz`, connections: 10 });
      const me = await inClient({
        url: `${appUrl}/api/me`,
        connections: 10,
        headers: await signedIn(),
      });
      const list = await inClient({
        url: `${appUrl}/api/contacts`,
        connections: LIST_CLIENTS,
        headers: await signedIn(),
      });
      const bareList = await inClient({
        url: `${bare.url}/`,
        connections: LIST_CLIENTS,
        headers: browserEncoding,
      });
      for (const r of [health, me, list, bareList]) {
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`failed requests: ${JSON.stringify(r)}`);
      }
      ratios.me.push(me.rps / health.rps);
      ratios.list.push(list.rps / bareList.rps);
      appProbes.push(...(await healthUnderListLoad(appUrl, await signedIn())));
      bareProbes.push(...(await healthUnderListLoad(bare.url, browserEncoding)));
      console.log(
        `  round ${round}: /healthz ${health.rps.toFixed(0)} req/s, /api/me ${me.rps.toFixed(0)}; list ${list.rps.toFixed(0)} req/s, bare server ${bareList.rps.toFixed(0)}`,
      );
    }
    bare.close();

    const me = summarise(ratios.me).median;
    const list = summarise(ratios.list).median;
    const app = summarise(appProbes).p99;
    const floor = summarise(bareProbes).p99;
    const verdicts: [boolean, string][] = [
      [me >= BUDGETS.me, `/api/me ÷ /healthz throughput ${me.toFixed(2)} (≥ ${BUDGETS.me})`],
      [
        list >= BUDGETS.list,
        `${CONTACT_LIMIT}-contact list ÷ a bare server sending its bytes ${list.toFixed(2)} (≥ ${BUDGETS.list})`,
      ],
      [
        app <= BUDGETS.healthUnderLoadMs,
        `/healthz p99 while ${LIST_CLIENTS} clients read the list ${app.toFixed(1)} ms (≤ ${BUDGETS.healthUnderLoadMs}; the bare server's ${floor.toFixed(1)} ms)`,
      ],
    ];
    for (const [isWithin, line] of verdicts) {
      if (!isWithin) process.exitCode = 1;
      console.log(`${isWithin ? "✓" : "✗"} ${database}, median of ${ROUNDS} rounds: ${line}`);
    }
  } finally {
    await t.close();
  }
}

const database = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
if (database === "postgres" && !(await isPostgresUp())) {
  reportMissing("contacts-list", `PostgreSQL not reachable at ${POSTGRES_URL}`);
} else {
  await main(database);
}
