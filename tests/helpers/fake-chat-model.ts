// A local stand-in for an OpenAI-compatible chat-completions server (OpenAI, Ollama, llama.cpp),
// for the reply reader's tests: a test chooses what the "model" answers next: a good answer,
// malformed JSON, a hostile answer, an error status or a slow one.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ChatRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: unknown;
  };
};

/** What the fake answers: `content` as the assistant's message, or a raw `body`. */
export type ChatAnswer = { status?: number; delayMs?: number; content?: string; body?: string };

export type FakeChatModel = {
  /** The base URL, as AI_API_URL ("http://127.0.0.1:PORT/v1"). */
  url: string;
  requests: ChatRequest[];
  /** Every later request gets this answer, until the next call. */
  answerWith: (answer: ChatAnswer) => void;
  close: () => Promise<void>;
};

/** The assistant's message content for a list of proposed actions. */
export function actionsAnswer(actions: unknown[]): ChatAnswer {
  return { content: JSON.stringify({ actions }) };
}

export const MALFORMED_ANSWER: ChatAnswer = {
  content: 'Sure! Here is what I found: {"actions": [{"details": {"kind": "interaction", ',
};

function readJson(req: IncomingMessage): Promise<ChatRequest["body"]> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    req.on("end", () => {
      try {
        resolve(data ? (JSON.parse(data) as ChatRequest["body"]) : {});
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    req.on("error", reject);
  });
}

export async function startFakeChatModel(): Promise<FakeChatModel> {
  const requests: ChatRequest[] = [];
  let answer: ChatAnswer = actionsAnswer([]);
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      let body: ChatRequest["body"];
      try {
        body = await readJson(req);
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "invalid JSON body" } }));
        return;
      }
      requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const chosen = answer;
      const send = () => {
        if (res.destroyed) return;
        const payload =
          chosen.body ??
          JSON.stringify({
            id: "chatcmpl-fake",
            object: "chat.completion",
            model: body.model,
            choices: [
              {
                index: 0,
                finish_reason: "stop",
                message: { role: "assistant", content: chosen.content ?? "" },
              },
            ],
          });
        res.writeHead(chosen.status ?? 200, { "content-type": "application/json" });
        res.end(payload);
      };
      if (!chosen.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, chosen.delayMs);
      timers.add(timer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
