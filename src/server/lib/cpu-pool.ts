// A pool of worker threads (Piscina) for CPU-heavy work, so one request's big or hostile file
// keeps a worker busy instead of the event loop that answers everyone.
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { AppError } from "./app-error";
import { isCompiledModule } from "./module-file";

export type CpuPool = {
  /**
   * Runs task `name` of the pool's worker file (its default export dispatches by name).
   * `transfer` moves those buffers to the worker instead of copying them (they are unusable here
   * afterwards).
   */
  run<T>(name: string, input: unknown, transfer?: ArrayBuffer[]): Promise<T>;
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
  async function run<T>(name: string, input: unknown, transfer?: ArrayBuffer[]): Promise<T> {
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
    close: () => pool.destroy(),
  };
}
