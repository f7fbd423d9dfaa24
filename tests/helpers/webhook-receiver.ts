// A stand-in for a user's webhook endpoint (one file per outside service). It verifies
// Tend-Signature exactly as docs/webhooks.md tells a receiver to — HMAC-SHA256 of "<t>.<raw body>"
// with the whole secret as key, compared in constant time, t within five minutes, each t+signature
// taken once — answers a retry it already handled (same Tend-Delivery) with 200 without handling
// it again, records what it accepted and refused, and can answer with any status.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const REPLAY_WINDOW_SECONDS = 5 * 60;

export type ReceivedWebhook = {
  headers: Record<string, string>;
  body: string;
  event: Record<string, unknown>;
};

export type Refusal = { reason: string; status: number };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The reason this request must be refused, or null when its signature holds. */
export function checkTendSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
): string | null {
  if (!header) return "missing Tend-Signature";
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(t) || signatures.length === 0) return "malformed Tend-Signature";
  if (Math.abs(nowSeconds - t) > REPLAY_WINDOW_SECONDS) return "timestamp outside the window";
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  const isMatch = signatures.some((hex) => {
    const given = Buffer.from(hex, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return isMatch ? null : "bad signature";
}

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const refused: Refusal[] = [];
  const seenSignatures = new Set<string>();
  const handledDeliveries = new Set<string>();
  const state = {
    secret: "",
    respondWith: null as number | null,
    requests: 0,
    duplicates: 0,
    now: () => Math.floor(Date.now() / 1000),
  };
  const server = createServer((req, res) => {
    void (async () => {
      state.requests += 1;
      const body = await readBody(req);
      const answer = (status: number, text: string) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(status < 300 ? { ok: true } : { error: text }));
      };
      const refuse = (status: number, reason: string) => {
        refused.push({ reason, status });
        answer(status, reason);
      };
      if (state.respondWith) return answer(state.respondWith, "failing on purpose");
      const header = req.headers["tend-signature"] as string | undefined;
      const reason = checkTendSignature(state.secret, header, body, state.now());
      if (reason) return refuse(400, reason);
      if (seenSignatures.has(header!)) return refuse(400, "replayed signature");
      seenSignatures.add(header!);
      const deliveryId = String(req.headers["tend-delivery"] ?? "");
      if (handledDeliveries.has(deliveryId)) {
        state.duplicates += 1;
        return answer(200, "already handled");
      }
      handledDeliveries.add(deliveryId);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      received.push({ headers, body, event: JSON.parse(body) as Record<string, unknown> });
      answer(200, "ok");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tend`,
    received,
    refused,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
