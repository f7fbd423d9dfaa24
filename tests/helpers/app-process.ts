// Starts `src/server/main.ts` (what `npm start` serves) as a real child process on a free port,
// for tests and benchmarks that need several app instances on one PostgreSQL. `spawnTsProcess`
// is shared with worker-process.ts (the scheduler and outbox process).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type AppProcess = ServerProcess & { port: number; url: string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string | null>;
};

/** Runs a TypeScript entry point with tsx, test defaults first, `env` over them. */
export function spawnTsProcess(
  entry: string,
  dataDirPrefix: string,
  env: Record<string, string>,
): ServerProcess {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      APP_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), dataDirPrefix)),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  return { child, output: () => output, exited };
}

export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGTERM");
  }
  await server.exited;
}

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const { child, output, exited } = spawnTsProcess("src/server/main.ts", "tend-app-", {
    PORT: String(port),
    HOST: "127.0.0.1",
    RATE_LIMIT_ENABLED: "false",
    SCHEDULER_ENABLED: "false",
    BILLING_PROVIDER: "off",
    WEB_DIST_DIR: path.join(tmpdir(), "tend-no-web"),
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > 60_000) throw new Error(`app did not come up:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, url, output, exited };
}

export const stopAppProcess: (app: AppProcess) => Promise<void> = stopServerProcess;

/**
 * The built web app as the browser tests serve it (scripts/e2e-server.mjs: a fresh embedded
 * database unless `env` names E2E_DATABASE_URL, test routes on) on `port`; `ready()` waits for
 * /readyz (up to `readyTimeoutMs`, a minute by default).
 */
export function startE2EServer(options: {
  port: string;
  dist: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Another checkout to serve from (its own server code and build), this one by default. */
  cwd?: string;
}) {
  const base = `http://localhost:${options.port}`;
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    cwd: options.cwd,
    env: { ...process.env, PORT: options.port, WEB_DIST_DIR: options.dist, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The server's last words, so a failed start says why.
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  async function ready() {
    for (let i = 0; i < (options.readyTimeoutMs ?? 60_000) / 250; i++) {
      if (child.exitCode !== null) break;
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const how = child.exitCode === null ? "did not start" : `exited with ${child.exitCode}`;
    throw new Error(`the app on ${base} ${how}:\n${output}`);
  }
  return { base, ready, stop: () => child.kill("SIGTERM") };
}
