// Shared by the benchmarks: percentiles, the PostgreSQL they measure on, and what happens when
// something they need is missing (a failure, unless BENCH_ALLOW_SKIP=1 says a partial run is fine).
import { startE2EServer } from "../helpers/app-process";
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const ALLOW_SKIP = process.env.BENCH_ALLOW_SKIP === "1";

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function summarise(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), runs: times.length };
}

export async function isPostgresUp(): Promise<boolean> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A benchmark that cannot measure what the issue asks for has not passed: without
 * BENCH_ALLOW_SKIP=1 the process ends with a failure; with it, the gap is reported and the
 * caller goes on with what it can measure.
 */
export function reportMissing(benchmark: string, what: string): void {
  if (ALLOW_SKIP) {
    console.log(`${benchmark}: ${what}; skipped (BENCH_ALLOW_SKIP=1)`);
    return;
  }
  console.log(
    `✗ ${benchmark}: cannot measure: ${what}. Set BENCH_ALLOW_SKIP=1 to run the rest without it.`,
  );
  process.exitCode = 1;
}

/**
 * The built app served for a browser benchmark (scripts/e2e-server.mjs, billing off) on its own
 * port; `ready()` waits for /readyz. `env` adds to the server's (E2E_DATABASE_URL: PostgreSQL
 * instead of a fresh embedded database).
 */
export function startBrowserBenchServer(options: {
  port: string;
  dist: string;
  env?: Record<string, string>;
}) {
  process.env.E2E_PORT = options.port;
  return startE2EServer({
    ...options,
    env: { E2E_BILLING_PROVIDER: "off", ...options.env },
  });
}
