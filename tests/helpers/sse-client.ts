// A minimal Server-Sent Events reader over real HTTP for tests and benchmarks: opens a stream
// with fetch, parses the text/event-stream framing (id, event, data, comments) and lets a test
// wait for a number of events.
export type SseEvent = { id: string | null; event: string; data: string };

export type SseStream = {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Resolves when `count` events in all have arrived (rejects after timeoutMs). */
  waitFor: (count: number, timeoutMs?: number) => Promise<SseEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
  onEvent?: (event: SseEvent) => void;
};

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended: Promise.resolve(),
    close: () => controller.abort(),
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(events.slice());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} events, got ${events.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    stream.ended = response.text().then(() => undefined);
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { id: null, event: "message", data: "" };
          const data: string[] = [];
          let hasField = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(":");
              const field = colon === -1 ? line : line.slice(0, colon);
              const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
              if (field === "id") event.id = value;
              if (field === "event") event.event = value;
              if (field === "data") data.push(value);
              hasField = true;
            }
          }
          if (hasField && data.length > 0) {
            event.data = data.join("\n");
            events.push(event);
            stream.onEvent?.(event);
            for (const waiter of [...waiters]) waiter();
          }
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped.
    }
  })();
  return stream;
}
