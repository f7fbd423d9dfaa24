// `npm run bench`: runs every tests/benchmarks/*.bench.ts, one after another (they measure, so
// they must not compete for the CPU), each in its own process. Pass names to run only some:
// `npm run bench -- import`. Exits non-zero when a benchmark fails, is over its budget, or cannot
// measure what it must (PostgreSQL or Chromium and a built app missing), unless BENCH_ALLOW_SKIP=1.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();

/**
 * How fast this machine gives a process memory it touches for the first time, and the same memory
 * touched again: on the VMs this project is measured on the first can be ~80 times slower (decision
 * 215), and every new browser page, worker and heap pays it, so browser figures vary with it.
 */
function memoryTouchRates(): string {
  const bytes = 128 * 1024 * 1024;
  const buffer = Buffer.alloc(bytes);
  const rate = (fill: number) => {
    const start = performance.now();
    buffer.fill(fill);
    return `${(bytes / 1e6 / (performance.now() - start)).toFixed(1)} GB/s`;
  };
  return `memory first touched at ${rate(1)}, touched again at ${rate(2)}`;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * BENCH_BACKGROUND_LOAD=N[:nice][,N[:nice]…]: groups of N processes that keep a core busy for the
 * whole run, each group at its niceness (default 0), so the budgets are measured on a machine that
 * is doing other work too (issue 15 asks for load ≥ 3). At niceness 0 each takes its share of the
 * two cores from what is measured; at 19 it yields nearly all of it and mostly raises the load
 * average: `1,3:19` is one process competing as an equal and three that keep the load over 3.
 * Each burner stops by itself once this process is gone (its parent changes), so a runner killed
 * by a signal or a timeout leaves none behind.
 */
function startBackgroundLoad(spec: string | undefined): ChildProcess[] {
  if (!spec) return [];
  const burner =
    "const parent = process.ppid; for (;;) { for (let i = 0; i < 1e7; i++); if (process.ppid !== parent) process.exit(); }";
  // Every group is read before any process starts: a bad one starts none.
  const groups = spec.split(",").map((group) => {
    const [count = "", nice = "0"] = group.trim().split(":");
    if (!/^\d+$/.test(count) || !/^-?\d+$/.test(nice)) {
      throw new Error(`BENCH_BACKGROUND_LOAD: "${group}" is not N or N:niceness`);
    }
    return { count: Number(count), nice };
  });
  return groups.flatMap(({ count, nice }) =>
    Array.from({ length: count }, () =>
      spawn("nice", ["-n", nice, process.execPath, "-e", burner], { stdio: "ignore" }),
    ),
  );
}

/** The load a benchmark must start at (BENCH_MIN_LOAD), and how long to wait for it at most. */
const minLoad = Number(process.env.BENCH_MIN_LOAD ?? 0);
if (!Number.isFinite(minLoad) || minLoad < 0) {
  throw new Error(`BENCH_MIN_LOAD: "${process.env.BENCH_MIN_LOAD}" is not a load average`);
}
const MIN_LOAD_WAIT_MS = 180_000;

/**
 * Waits until the one-minute load average is at least BENCH_MIN_LOAD (it trails what runs by about
 * a minute, so a run whose burners have just started would measure its first benchmarks on a
 * machine whose figure still says it is quiet). True when it got there.
 */
async function reachMinLoad(): Promise<boolean> {
  const start = Date.now();
  while (loadavg()[0]! < minLoad) {
    if (Date.now() - start > MIN_LOAD_WAIT_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return true;
}

const burners = startBackgroundLoad(process.env.BENCH_BACKGROUND_LOAD);
const stopBackgroundLoad = () => burners.forEach((burner) => burner.kill());
if (burners.length > 0) {
  console.log(`background load: ${process.env.BENCH_BACKGROUND_LOAD} (processes:niceness)`);
}
console.log(`${availableParallelism()} cores, load ${load()}, ${memoryTouchRates()}`);

const belowMinLoad: string[] = [];
let failed = 0;
for (const file of files) {
  if (minLoad > 0 && !(await reachMinLoad())) belowMinLoad.push(file);
  console.log(`\n▶ ${file} (load ${load()})`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, file)], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "test" },
  });
  if (result.status !== 0) {
    failed += 1;
    console.log(`✗ ${file} exited with ${result.status ?? result.signal}`);
  }
}
stopBackgroundLoad();
if (minLoad > 0) {
  console.log(
    belowMinLoad.length === 0
      ? `\nevery benchmark started at a load average of ${minLoad} or more`
      : `\nstarted below a load average of ${minLoad} (after ${MIN_LOAD_WAIT_MS / 1000} s): ${belowMinLoad.join(", ")}`,
  );
}
console.log(`\n${files.length - failed} benchmarks within budget, ${failed} failed or over budget`);
process.exitCode = failed > 0 ? 1 : 0;
