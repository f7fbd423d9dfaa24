// The probe process of the benchmarks (bench-kit.ts, startProbe): times GET PROBE_URL every
// PROBE_EVERY_MS in a process of its own, so its times are the server's answer and not a client's
// event loop busy with its own uploads; plain JavaScript, so it starts fast on a busy machine. It
// warms its fetch, says "ready", starts a new segment of probes at each "mark" line on stdin, and
// prints the segments as JSON when stdin ends.
// PROBE_COOKIES (a JSON list) sends each probe as one of those sessions, picked at random.
// PROBE_STEADY=1 sends at a steady rate whatever the answers take, each time counted from when it
// was due: a slow server then shows in the times instead of in fewer probes.
import { createInterface } from "node:readline";

const url = process.env.PROBE_URL;
const everyMs = Number(process.env.PROBE_EVERY_MS ?? 25);
const cookies = JSON.parse(process.env.PROBE_COOKIES ?? "[]");
const isSteady = process.env.PROBE_STEADY === "1";

async function timeOnce(started = performance.now()) {
  const cookie = cookies[Math.floor(Math.random() * cookies.length)];
  // A server that stops answering fails the benchmark rather than hanging it.
  const res = await fetch(url, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(isSteady ? 60_000 : 10_000),
  });
  await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
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
const inFlight = new Set();
for (let due = performance.now(); isProbing; due += everyMs) {
  if (isSteady) {
    const segment = segments.at(-1);
    const probe = timeOnce(due).then((time) => segment.push(time));
    inFlight.add(probe);
    void probe.finally(() => inFlight.delete(probe));
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, due + everyMs - performance.now())),
    );
  } else {
    segments.at(-1).push(await timeOnce());
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
await Promise.all(inFlight);
process.stdout.write(`${JSON.stringify(segments)}\n`);
