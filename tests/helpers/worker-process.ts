// Starts `src/server/worker.ts` (what `npm run worker` runs) as a real child process against a
// database and an SMTP peer, for scale-out and crash tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type WorkerProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string | null>;
};

export function startWorker(env: Record<string, string>): WorkerProcess {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/worker.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      APP_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "tend-worker-")),
      LOG_LEVEL: "warn",
      SCHEDULER_INTERVAL_SECONDS: "0.5",
      OUTBOX_INTERVAL_SECONDS: "0.5",
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

export async function stopWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) {
    worker.child.kill("SIGTERM");
  }
  await worker.exited;
}
