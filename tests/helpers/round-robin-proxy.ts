// A small round-robin HTTP proxy for the scale-out test, behaving like a load balancer: it polls
// each instance's /readyz and sends new requests only to ready ones, and retries an idempotent
// request (GET, HEAD) on the next instance when one refuses the connection, drops it, or
// answers 503 (an instance that is closing). Other methods are never retried.
import http from "node:http";
import type { AddressInfo } from "node:net";

type Backend = {
  url: URL;
  isReady: boolean;
  served: number;
  /** Every /readyz status the health checks saw (0: no answer). */
  readyStatuses: Set<number>;
};

const IDEMPOTENT = new Set(["GET", "HEAD"]);

export type RoundRobinProxy = {
  url: string;
  backends: Backend[];
  retries: () => number;
  close: () => Promise<void>;
};

export async function startRoundRobinProxy(
  targets: string[],
  options: { healthIntervalMs?: number } = {},
): Promise<RoundRobinProxy> {
  const backends: Backend[] = targets.map((t) => ({
    url: new URL(t),
    isReady: true,
    served: 0,
    readyStatuses: new Set<number>(),
  }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  let retries = 0;

  const poll = setInterval(() => {
    for (const backend of backends) {
      fetch(new URL("/readyz", backend.url), { signal: AbortSignal.timeout(1000) }).then(
        (res) => {
          backend.isReady = res.ok;
          backend.readyStatuses.add(res.status);
        },
        () => {
          backend.isReady = false;
          backend.readyStatuses.add(0);
        },
      );
    }
  }, options.healthIntervalMs ?? 100);

  function pick(exclude: Set<Backend>): Backend | undefined {
    for (let i = 0; i < backends.length; i += 1) {
      const backend = backends[(next + i) % backends.length]!;
      if (backend.isReady && !exclude.has(backend)) {
        next = (next + i + 1) % backends.length;
        return backend;
      }
    }
    return backends.find((b) => !exclude.has(b));
  }

  function forward(
    backend: Backend,
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer } | Error> {
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          agent,
          host: backend.url.hostname,
          port: backend.url.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: backend.url.host },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 502,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on("error", (error) => resolve(error));
        },
      );
      upstream.on("error", (error) => resolve(error));
      upstream.end(body);
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void respond(req, res, Buffer.concat(chunks)));
  });

  async function respond(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const tried = new Set<Backend>();
    const canRetry = IDEMPOTENT.has(req.method ?? "GET");
    for (;;) {
      const backend = pick(tried);
      if (!backend) {
        res.writeHead(502).end("no instance answered");
        return;
      }
      tried.add(backend);
      const result = await forward(backend, req, body);
      const failed = result instanceof Error || result.status === 503;
      if (failed && canRetry && tried.size < backends.length) {
        retries += 1;
        continue;
      }
      if (result instanceof Error) {
        res.writeHead(502).end(`upstream failed: ${result.message}`);
        return;
      }
      backend.served += 1;
      const {
        connection: _,
        "keep-alive": __,
        "transfer-encoding": ___,
        ...headers
      } = result.headers;
      res.writeHead(result.status, headers).end(result.body);
      return;
    }
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    retries: () => retries,
    async close() {
      clearInterval(poll);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
