// `npm run bench`: runs every tests/benchmarks/*.bench.ts one after another, each in its own
// process. Pass names to run only some: `npm run bench -- import`. Each figure is a ratio to a
// baseline measured in the same run, so a busy machine slows both sides alike. Exits non-zero when
// a benchmark fails, is over its budget, or cannot measure (PostgreSQL or Chromium and a built app
// missing), unless BENCH_ALLOW_SKIP=1.
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

console.log(`${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}`);
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
