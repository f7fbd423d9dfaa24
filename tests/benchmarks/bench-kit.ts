// Shared by the benchmarks: percentiles, the PostgreSQL they measure on, and what happens when
// something they need is missing (a failure, unless BENCH_ALLOW_SKIP=1 says a partial run is fine).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { MessageChannel, Worker } from "node:worker_threads";
import path from "node:path";
import sharp from "sharp";
import { startE2EServer } from "../helpers/app-process";
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const ALLOW_SKIP = process.env.BENCH_ALLOW_SKIP === "1";

function percentile(sorted: number[], p: number): number {
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
  cwd?: string;
  readyTimeoutMs?: number;
}) {
  process.env.E2E_PORT = options.port;
  return startE2EServer({
    ...options,
    env: { E2E_BILLING_PROVIDER: "off", ...options.env },
  });
}

export type Probe = {
  /** Starts a new segment of probes from here on. */
  mark: () => void;
  /** Ends the probe process (once; later calls get the same answer): its probes, one list per
   * segment (the first before any mark). */
  stop: () => Promise<number[][]>;
};

/**
 * Times GET `url` every `everyMs` ms in a process of its own (probe-client.mjs) until stopped,
 * once that process has warmed its own fetch: in the process that sends the load, a probe would
 * time that process's own busy event loop. `cookies`: each probe as one of these sessions;
 * `steady`: at a steady rate, each time counted from when the probe was due.
 */
export function startProbe(
  url: string,
  everyMs: number,
  options: { cookies?: string[]; steady?: boolean } = {},
): Promise<Probe> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "probe-client.mjs")], {
    env: {
      ...process.env,
      PROBE_URL: url,
      PROBE_EVERY_MS: String(everyMs),
      PROBE_COOKIES: JSON.stringify(options.cookies ?? []),
      PROBE_STEADY: options.steady ? "1" : "0",
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  let stopping: Promise<number[][]> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the probe process exited with ${code}`);
      return JSON.parse(output.slice("ready\n".length)) as number[][];
    })());
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.stdout.on("data", (chunk: Buffer) => {
      const wasReady = output.startsWith("ready\n");
      output += chunk.toString();
      if (!wasReady && output.startsWith("ready\n")) {
        resolve({ mark: () => void child.stdin.write("mark\n"), stop });
      }
    });
    void exited.then((code) => reject(new Error(`the probe process exited with ${code}`)));
  });
}

/** What a load client (runLoadClient) prints just before its first request. */
export const LOAD_STARTS = "load starts\n";

/**
 * Runs this benchmark's own file as its load client (BENCH_CLIENT = `input`) and returns the JSON
 * it prints after LOAD_STARTS. `probe` starts a segment when the client says its load starts and
 * another when it has exited, so the probe's middle segment covers the load and nothing else:
 * not the client's own start (loading its code, building its files).
 */
export async function runLoadClient<T>(file: string, input: unknown, probe: Probe): Promise<T> {
  const client = spawn(process.execPath, ["--import", "tsx", file], {
    env: { ...process.env, BENCH_CLIENT: JSON.stringify(input) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  client.stdout.on("data", (chunk: Buffer) => {
    const hadStarted = output.includes(LOAD_STARTS);
    output += chunk.toString();
    if (!hadStarted && output.includes(LOAD_STARTS)) probe.mark();
  });
  const code = await new Promise<number | null>((resolve) => client.on("exit", resolve));
  probe.mark();
  if (code !== 0) throw new Error(`the client process exited with ${code}`);
  return JSON.parse(output.slice(output.indexOf(LOAD_STARTS) + LOAD_STARTS.length)) as T;
}

/**
 * Probes `probeUrl` from before this benchmark's load client starts until it has exited: the
 * probes before its load (the idle server, for `idleMs` and while the client starts), those
 * during it, and the client's answer.
 */
export async function probeAroundLoad<T>(options: {
  probeUrl: string;
  everyMs: number;
  file: string;
  input: unknown;
  idleMs?: number;
}): Promise<{ idle: number[]; loaded: number[]; result: T }> {
  const probe = await startProbe(options.probeUrl, options.everyMs);
  try {
    await new Promise((resolve) => setTimeout(resolve, options.idleMs ?? 0));
    const result = await runLoadClient<T>(options.file, options.input, probe);
    const [idle = [], loaded = []] = await probe.stop();
    return { idle, loaded, result };
  } finally {
    await probe.stop().catch(() => undefined);
  }
}

/** A phone's contact thumbnail: a 96 px square JPEG of varied pixels (about 5 KB), as base64. */
export async function phoneThumbnail(): Promise<string> {
  const side = 96;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + (i >> 7) * 11) % 256;
  const jpeg = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return jpeg.toString("base64");
}

export type Load = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Sent in turn by each connection (autocannon's `requests`), e.g. one per session. */
  requests?: { path: string; headers?: Record<string, string> }[];
};
export type LoadResult = { rps: number; non2xx: number; errors: number; p99Ms: number };

// autocannon in a worker thread: its event loop and heap are not the server's, and it starts in
// a moment where a new process would take seconds on a busy machine. Inside a worker autocannon
// answers raw counts and encoded histograms, not its usual summary.
const LOAD_CLIENT = `
const { workerData } = require("node:worker_threads");
const { decodeHist } = require(workerData.histograms);
require(workerData.autocannon)(workerData.options).then((result) =>
  workerData.port.postMessage({
    rps: result.totalCompletedRequests / result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p99Ms: decodeHist(result.latencies)?.getValueAtPercentile(99) ?? 0,
  }),
);`;

/** `load` for `seconds` from autocannon in a worker thread. */
export function loadInWorker(load: Load, seconds: number): Promise<LoadResult> {
  // A port of its own: autocannon inside a worker posts its own messages to the parent.
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(LOAD_CLIENT, {
    eval: true,
    workerData: {
      autocannon: createRequire(import.meta.url).resolve("autocannon"),
      histograms: createRequire(import.meta.url).resolve("autocannon/lib/histUtil"),
      options: { ...load, duration: seconds },
      port: port2,
    },
    transferList: [port2],
  });
  return new Promise((resolve, reject) => {
    port1.once("message", (result: LoadResult) => {
      port1.close();
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
