// Starts `src/server/worker.ts` (what `npm run worker` runs) as a real child process against a
// database and an SMTP peer, for scale-out and crash tests.
import { spawnTsProcess, stopServerProcess, type ServerProcess } from "./app-process";

export type WorkerProcess = ServerProcess;

export function startWorker(env: Record<string, string>): WorkerProcess {
  return spawnTsProcess("src/server/worker.ts", "tend-worker-", {
    SCHEDULER_INTERVAL_SECONDS: "0.5",
    OUTBOX_INTERVAL_SECONDS: "0.5",
    ...env,
  });
}

export const stopWorker: (worker: WorkerProcess) => Promise<void> = stopServerProcess;
