// A local stand-in for an ntfy server (one file per outside service): it takes ntfy's publish
// API — JSON to the root (publish as JSON) or a plain body to /<topic> with Title/Tags headers —
// checks an access token when given one, refuses what ntfy refuses (a bad topic, more than three
// actions), records each message, and can answer with any status to test failures.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeNtfyAction = {
  id: string;
  action: "view" | "http" | "broadcast";
  label: string;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  clear?: boolean;
};

export type FakeNtfyMessage = {
  id: string;
  topic: string;
  title: string;
  message: string;
  tags: string[];
  click: string | null;
  actions: FakeNtfyAction[];
  authorization: string | null;
};

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const ACTIONS = new Set(["view", "http", "broadcast"]);
const MAX_ACTIONS = 3;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, payload: object) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(`${JSON.stringify(payload)}\n`);
}

// ntfy's error shape: {"code":40101,"http":401,"error":"unauthorized","link":…}.
function sendError(res: ServerResponse, status: number, code: number, error: string) {
  sendJson(res, status, { code, http: status, error, link: "https://ntfy.sh/docs/publish/" });
}

type Parsed = Omit<FakeNtfyMessage, "id" | "authorization">;

function parseJsonPublish(text: string): Parsed | string {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return "invalid request: JSON body invalid";
  }
  const topic = typeof body.topic === "string" ? body.topic : "";
  if (!TOPIC.test(topic)) return "invalid request: topic invalid";
  const actions = Array.isArray(body.actions) ? (body.actions as FakeNtfyAction[]) : [];
  const isValid = actions.every(
    (a) => ACTIONS.has(a.action) && a.label && (a.action === "broadcast" || a.url),
  );
  if (actions.length > MAX_ACTIONS || !isValid) return "invalid request: actions invalid";
  return {
    topic,
    title: typeof body.title === "string" ? body.title : "",
    message: typeof body.message === "string" ? body.message : "triggered",
    tags: Array.isArray(body.tags) ? (body.tags as string[]) : [],
    click: typeof body.click === "string" ? body.click : null,
    actions: actions.map((a) => ({ ...a, id: randomUUID().slice(0, 10) })),
  };
}

export async function startFakeNtfy(options: { token?: string; basePath?: string } = {}) {
  const messages: FakeNtfyMessage[] = [];
  const state = { respondWith: null as number | null, requests: 0 };
  const base = options.basePath ?? "";
  const server = createServer((req, res) => {
    void (async () => {
      state.requests += 1;
      const text = await readBody(req);
      const authorization = req.headers.authorization ?? null;
      if (req.method !== "POST" && req.method !== "PUT") {
        return sendError(res, 405, 40500, "method not allowed");
      }
      if (options.token && authorization !== `Bearer ${options.token}`) {
        return authorization
          ? sendError(res, 403, 40301, "forbidden")
          : sendError(res, 401, 40101, "unauthorized");
      }
      if (state.respondWith) {
        return sendError(res, state.respondWith, state.respondWith * 100, "failing on purpose");
      }
      const path = (req.url ?? "/").split("?")[0]!;
      if (!path.startsWith(`${base}/`)) return sendError(res, 404, 40401, "page not found");
      const topicInPath = path.slice(base.length + 1);
      const parsed: Parsed | string =
        topicInPath === ""
          ? parseJsonPublish(text)
          : TOPIC.test(topicInPath)
            ? {
                topic: topicInPath,
                title: String(req.headers["x-title"] ?? req.headers.title ?? ""),
                message: text || "triggered",
                tags: String(req.headers["x-tags"] ?? req.headers.tags ?? "")
                  .split(",")
                  .filter(Boolean),
                click: (req.headers["x-click"] as string | undefined) ?? null,
                actions: [],
              }
            : "invalid request: topic invalid";
      if (typeof parsed === "string") return sendError(res, 400, 40000, parsed);
      const message = { id: randomUUID().slice(0, 12), authorization, ...parsed };
      messages.push(message);
      sendJson(res, 200, {
        id: message.id,
        time: Math.floor(Date.now() / 1000),
        event: "message",
        topic: message.topic,
        title: message.title || undefined,
        message: message.message,
        actions: message.actions.length ? message.actions : undefined,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${base}`;
  return {
    url,
    topicUrl: (topic: string) => `${url}/${topic}`,
    messages,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
