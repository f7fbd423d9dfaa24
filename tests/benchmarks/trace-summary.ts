// Where the time went in a Chrome DevTools protocol trace: per thread (page main thread, the
// map's worker, the GPU process with the software renderer…), the busy time in a window and the
// events that took it (self time, children subtracted).

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
};

export type ThreadCost = { thread: string; busyMs: number; top: [string, number][] };

/** Complete ("X") events between `fromUs` and `toUs` (trace clock), summed per thread. */
export function summariseTrace(
  events: TraceEvent[],
  window: { fromUs: number; toUs: number },
  topN = 8,
): ThreadCost[] {
  const processNames = new Map<number, string>();
  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.ph !== "M") continue;
    if (e.name === "process_name") processNames.set(e.pid, e.args?.name ?? "");
    if (e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  }
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined) continue;
    if (e.ts + e.dur < window.fromUs || e.ts > window.toUs) continue;
    const key = `${e.pid}:${e.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const costs: ThreadCost[] = [];
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const self = new Map<string, number>();
    const stack: { end: number; name: string }[] = [];
    let busy = 0;
    for (const e of list) {
      const start = Math.max(e.ts, window.fromUs);
      const end = Math.min(e.ts + e.dur!, window.toUs);
      while (stack.length > 0 && stack.at(-1)!.end <= e.ts) stack.pop();
      const parent = stack.at(-1);
      const length = Math.max(0, end - start);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - length);
      else busy += length;
      self.set(e.name, (self.get(e.name) ?? 0) + length);
      stack.push({ end: e.ts + e.dur!, name: e.name });
    }
    const pid = Number(key.split(":")[0]);
    const thread = `${processNames.get(pid) ?? `pid ${pid}`} / ${threadNames.get(key) ?? key}`;
    const top = [...self.entries()]
      .filter(([, us]) => us > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([name, us]): [string, number] => [name, us / 1000]);
    costs.push({ thread, busyMs: busy / 1000, top });
  }
  return costs.sort((a, b) => b.busyMs - a.busyMs);
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** A CPU profile's heaviest functions by self time, as "name (file:line) ms". */
export function summariseProfile(profile: CpuProfile, topN = 15): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = byId.get(samples[i]!);
    if (!frame) continue;
    const file = frame.url.split("/").pop() ?? "";
    const key = `${frame.functionName || "(anonymous)"} (${file}:${frame.lineNumber + 1})`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topN)
    .map(([key, ms]) => `${key} ${ms.toFixed(0)}`)
    .join(", ");
}
