// Issue 15 item 6: how fast the server is ready and how much memory it holds idle, on the
// embedded database with data already in it, started the way production starts it
// (`node dist-server/main.js`, decision 137) and, for comparison, from TypeScript source under
// tsx as `npm start` did before. Budgets: ready (GET /readyz answers 200) within 2 s of the
// process starting; idle RSS of the whole process tree ≤ 300 MB. Needs `npm run build`.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { reportMissing, summarise } from "./bench-kit";

const START_BUDGET_MS = 2_000;
const RSS_BUDGET_MB = 300;
const ROUNDS = 3;
const IDLE_MS = 5_000;
const dataDir = path.resolve(".tmp", "bench-start-data");
const port = 20_000 + Math.floor(Math.random() * 20_000);

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(Number(entry), kb);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    total += rss.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

function isListening(): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return readFileSync("/proc/net/tcp", "utf8").includes(`:${hexPort} 00000000:0000 0A`);
}

async function waitUntilReady(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
}

async function startOnce(command: string[]) {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group, so stopping it stops what it started (npx → tsx → node).
    detached: true,
    env: {
      ...process.env,
      // As production runs it: no source maps served (so none registered as routes), an
      // outgoing mail server named (nothing connects to it before a mail is sent).
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "smtp://127.0.0.1:9",
      LOG_LEVEL: "warn",
    },
  });
  try {
    await waitUntilReady(child);
    const readyMs = performance.now() - started;
    await sleep(IDLE_MS);
    return { readyMs, rssMb: treeRssMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
    // The server's own children finish closing the database after the group leader is gone.
    while (treeRssMb(child.pid!) > 0 || isListening()) await sleep(50);
  }
}

if (!existsSync("dist-server/main.js") || !existsSync("dist/web/index.html")) {
  reportMissing("start", `no build in dist-server/ and dist/web/ (run "npm run build")`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  const compiled = [process.execPath, "dist-server/main.js"];
  // The first start creates the database and runs the migrations: "existing data" after it.
  await startOnce(compiled);
  const variants = [
    { name: "node dist-server/main.js", command: compiled, budgeted: true },
    { name: "tsx src/server/main.ts (before)", command: ["npx", "tsx", "src/server/main.ts"] },
  ];
  let isOver = false;
  const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  for (const { name, command, budgeted } of variants) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await startOnce(command));
    const ready = summarise(runs.map((r) => r.readyMs));
    const rss = summarise(runs.map((r) => r.rssMb));
    const over = ready.median > START_BUDGET_MS || rss.median > RSS_BUDGET_MB;
    if (budgeted && over) isOver = true;
    console.log(
      `${budgeted ? (over ? "✗" : "✓") : "·"} ${name}: ready in ${ready.median.toFixed(0)} ms (max ${ready.p99.toFixed(0)}), idle RSS ${rss.median.toFixed(0)} MB (max ${rss.p99.toFixed(0)})${budgeted ? ` — budgets ${START_BUDGET_MS} ms, ${RSS_BUDGET_MB} MB` : ""}; load ${load()}`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (isOver) process.exitCode = 1;
}
