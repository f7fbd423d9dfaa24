// Benchmark: 1,000 replies arriving at once through the inbound SMTP listener (issue 48): 100
// accounts with 10 contacts each, each account forwarding 10 mails in its own words ("Called Ada
// Person3 yesterday.") from its own address to its private address, sent over 20 SMTP
// connections by a client in a process of its own. Measured: the time from the first mail until
// all 1,000 are handled (read, applied, answered), as a ratio to logging the same 1,000
// interactions through the API in the same run; and /healthz's p99 while they arrive, against the
// idle server's, probed from a third process. Run with `npm run bench -- inbound`.
import { performance } from "node:perf_hooks";
import type { AddressInfo } from "node:net";
import { count } from "drizzle-orm";
import nodemailer from "nodemailer";
import pino from "pino";
import { replies } from "../../src/server/db/schema/index";
import { createInboundDeps } from "../../src/server/features/replies/inbound-mail";
import { startSmtpListener } from "../../src/server/features/replies/smtp-listener";
import { build, createUser, injectAs } from "../helpers/test-app";
import { LOAD_STARTS, probeAroundLoad, summarise } from "./bench-kit";
import { dnsStub } from "../helpers/dns-stub";

const USERS = 100;
const PER_USER = 10;
const CONNECTIONS = 20;
/** Budgets: handling a reply may cost this many API logs; /healthz p99 this many times idle's. */
const BUDGET = { ratio: 10, healthz: 3 };

type Mail = { from: string; to: string; text: string };
/** Each account's own address and private address (the mails are made from them here: an
 * environment variable holds only so much). */
type ClientInput = { port: number; accounts: { from: string; to: string }[] };

function mailsOf(input: ClientInput): Mail[] {
  return input.accounts.flatMap(({ from, to }) =>
    Array.from({ length: PER_USER }, (_, c) => ({
      from,
      to,
      text: `Called Ada Person${c} yesterday.`,
    })),
  );
}

async function runClient(input: ClientInput): Promise<void> {
  const transports = Array.from({ length: CONNECTIONS }, () =>
    nodemailer.createTransport({
      host: "127.0.0.1",
      port: input.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
    }),
  );
  const mails = mailsOf(input);
  process.stdout.write(LOAD_STARTS);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    transports.map(async (transport) => {
      while (next < mails.length) {
        const mail = mails[next++]!;
        await transport.sendMail({ ...mail, subject: "Fwd: catching up" });
      }
      transport.close();
    }),
  );
  process.stdout.write(JSON.stringify({ sentMs: performance.now() - started }));
}

async function main() {
  const t = await build({ INBOUND_SMTP_PORT: "0", INBOUND_DOMAIN: "bench.tend.test" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const listener = await startSmtpListener(
    createInboundDeps(t.app.services, pino({ level: "warn" })),
    {
      port: 0,
      host: "127.0.0.1",
      limits: { perSender: 1_000, perRecipient: 1_000 },
      senderCheck: { resolver: dnsStub() },
    },
  );
  try {
    const accounts: ClientInput["accounts"] = [];
    const apiLogs: { user: Awaited<ReturnType<typeof createUser>>; contactId: string }[] = [];
    for (let u = 0; u < USERS; u++) {
      const user = await createUser(t.app);
      const settings = await injectAs(t.app, user, { url: "/api/settings/inbound" });
      accounts.push({ from: user.email, to: settings.json().forwardingAddress as string });
      for (let c = 0; c < PER_USER; c++) {
        const created = await injectAs(t.app, user, {
          method: "POST",
          url: "/api/contacts",
          payload: { firstName: "Ada", lastName: `Person${c}` },
        });
        apiLogs.push({ user, contactId: created.json().id as string });
      }
    }

    // The baseline: the same 1,000 interactions logged through the API, 20 at a time.
    const apiStarted = performance.now();
    let nextLog = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (nextLog < apiLogs.length) {
          const { user, contactId } = apiLogs[nextLog++]!;
          const res = await injectAs(t.app, user, {
            method: "POST",
            url: `/api/contacts/${contactId}/interactions`,
            payload: { note: "called" },
          });
          if (res.statusCode !== 201 && res.statusCode !== 200)
            throw new Error(`API log answered ${res.statusCode}: ${res.body}`);
        }
      }),
    );
    const apiMs = performance.now() - apiStarted;

    const handledCount = async () =>
      (await t.app.db.select({ n: count() }).from(replies))[0]?.n ?? 0;
    const inboundStarted = performance.now();
    const { idle, loaded } = await probeAroundLoad<{ sentMs: number }>({
      probeUrl: `${base}/healthz`,
      everyMs: 20,
      file: import.meta.filename,
      input: { port: listener.port, accounts } satisfies ClientInput,
      idleMs: 2_000,
    });
    const total = USERS * PER_USER;
    while ((await handledCount()) < total) await new Promise((r) => setTimeout(r, 50));
    // The idle probe's 2 s and the client's start are not the replies' time.
    const inboundMs = performance.now() - inboundStarted - 2_000;

    const ratio = inboundMs / apiMs;
    const idleP99 = summarise(idle).p99;
    const loadedP99 = summarise(loaded).p99;
    console.log(
      `1,000 replies by SMTP: ${Math.round(inboundMs)} ms; 1,000 API logs: ${Math.round(apiMs)} ms; ratio ${ratio.toFixed(2)} (budget ${BUDGET.ratio})`,
    );
    console.log(
      `/healthz p99 idle ${idleP99.toFixed(1)} ms, while replies arrive ${loadedP99.toFixed(1)} ms (${(loadedP99 / idleP99).toFixed(2)}×, budget ${BUDGET.healthz}×)`,
    );
    if (ratio > BUDGET.ratio || loadedP99 > BUDGET.healthz * Math.max(idleP99, 1)) {
      console.log("✗ inbound: over budget");
      process.exitCode = 1;
    }
  } finally {
    await listener.close();
    await t.close();
  }
}

if (process.env.BENCH_CLIENT) await runClient(JSON.parse(process.env.BENCH_CLIENT) as ClientInput);
else await main();
