// `npm run bench`: runs every tests/benchmarks/*.bench.ts, one after another (they measure, so
// they must not compete for the CPU), each in its own process. Pass names to run only some:
// `npm run bench -- import`. Exits non-zero when a benchmark fails, is over its budget, or cannot
// measure what it must (PostgreSQL or Chromium and a built app missing), unless BENCH_ALLOW_SKIP=1.
import { spawnSync } from "node:child_process";
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

console.log(
  `${availableParallelism()} cores, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}, ${memoryTouchRates()}`,
);

let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, file)], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "test" },
  });
  if (result.status !== 0) {
    failed += 1;
    console.log(`✗ ${file} exited with ${result.status ?? result.signal}`);
  }
}
console.log(`\n${files.length - failed} benchmarks within budget, ${failed} failed or over budget`);
process.exitCode = failed > 0 ? 1 : 0;
