// A pool of worker threads (Piscina) for CPU-heavy work, so one request's big or hostile file
// keeps a worker busy instead of the event loop that answers everyone (decision 070).
import { availableParallelism } from "node:os";
import type { MessagePort } from "node:worker_threads";
import { Piscina } from "piscina";
import { AppError } from "./app-error";
import { isCompiledModule } from "./module-file";
import { pageInput } from "./paged-input";

export type CpuPool = {
  /**
   * Runs task `name` of the pool's worker file (its default export dispatches by name).
   * `transfer` moves those buffers to the worker instead of copying them (they are unusable here
   * afterwards).
   */
  run<T>(name: string, input: unknown, transfer?: ArrayBuffer[]): Promise<T>;
  /**
   * Like `run`, with the lists under `keys` sent a page per turn of the event loop instead of in
   * one structured clone (decision 234); the task receives the input whole, as `run` gives it.
   * `pageItems` sets how many items make a page (default `INPUT_PAGE_ITEMS`).
   */
  runInPages<T>(
    name: string,
    input: Record<string, unknown>,
    keys: readonly string[],
    pageItems?: number,
  ): Promise<T>;
  close(): Promise<void>;
};

// Leave a core to the event loop; two threads at least so one long task does not queue the rest.
const THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
const MAX_QUEUE = 64;
const TASK_TIME_LIMIT_MS = 60_000;

// From source, the worker threads load TypeScript: under `tsx` (npm run serve, npm run dev) they
// inherit its hooks through process.execArgv; anywhere else (Vitest) they are given them.
// Compiled (dist-server), the worker file is JavaScript and needs nothing.
function workerExecArgv(workerFile: URL): string[] | undefined {
  if (isCompiledModule(workerFile)) return undefined;
  const hasTsx = process.execArgv.some((arg) => /(^|[\\/])tsx([\\/]|$)/.test(arg));
  return hasTsx ? undefined : [...process.execArgv, "--import", "tsx"];
}

export function createCpuPool(workerFile: URL): CpuPool {
  const pool = new Piscina({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 30_000,
    maxQueue: MAX_QUEUE,
    execArgv: workerExecArgv(workerFile),
  });
  async function run<T>(
    name: string,
    input: unknown,
    transfer?: (ArrayBuffer | MessagePort)[],
  ): Promise<T> {
    try {
      return (await pool.run(
        { name, input },
        { signal: AbortSignal.timeout(TASK_TIME_LIMIT_MS), transferList: transfer },
      )) as T;
    } catch (error) {
      if ((error as Error).name === "AbortError") {
        throw new AppError(
          "LIMIT_REACHED",
          "Working through this file took too long, so we stopped. Split it into smaller files and try again.",
        );
      }
      if ((error as Error).message === "Task queue is at limit") {
        throw new AppError(
          "UNAVAILABLE",
          "The server is busy with other imports and exports. Please try again in a minute.",
        );
      }
      throw error;
    }
  }
  return {
    run,
    async runInPages<T>(
      name: string,
      input: Record<string, unknown>,
      keys: readonly string[],
      pageItems?: number,
    ) {
      const { envelope, send } = pageInput(input, keys, pageItems);
      let hasEnded = false;
      const result = run<T>(name, envelope, [envelope.port]).finally(() => {
        hasEnded = true;
      });
      // A failure to send closes the port, which ends the task too: the sender's error says why.
      const [sent, done] = await Promise.allSettled([send(() => hasEnded), result]);
      if (sent.status === "rejected") throw sent.reason;
      if (done.status === "rejected") throw done.reason;
      return done.value;
    },
    close: () => pool.destroy(),
  };
}
