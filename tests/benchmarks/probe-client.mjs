// The probe process of the benchmarks (bench-kit.ts, startProbe): times GET PROBE_URL every
// PROBE_EVERY_MS in a process of its own, so its times are the server's answer and not a client's
// event loop busy with its own uploads; plain JavaScript, so it starts fast on a busy machine. It
// warms its fetch, says "ready", starts a new segment of
// probes at each "mark" line on stdin, and prints the segments as JSON when stdin ends.
import { createInterface } from "node:readline";

const url = process.env.PROBE_URL;
const everyMs = Number(process.env.PROBE_EVERY_MS ?? 25);

async function timeOnce() {
  const started = performance.now();
  // A server that stops answering fails the benchmark rather than hanging it.
  await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text();
  return performance.now() - started;
}

// The first fetch of a process loads fetch itself and opens the connection (tens of ms on a slow
// machine): not the server's time.
for (let i = 0; i < 3; i++) await timeOnce();

const segments = [[]];
let isProbing = true;
createInterface({ input: process.stdin })
  .on("line", (line) => {
    if (line === "mark") segments.push([]);
  })
  .on("close", () => (isProbing = false));
process.stdout.write("ready\n");
while (isProbing) {
  const time = await timeOnce();
  segments.at(-1).push(time);
  await new Promise((resolve) => setTimeout(resolve, everyMs));
}
process.stdout.write(`${JSON.stringify(segments)}\n`);
