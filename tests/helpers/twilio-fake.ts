// A local stand-in for Twilio's Messages API (one file per outside vendor): it checks the
// account and Basic auth, records each message, and can answer with any status to test how a
// refusal (4xx, permanent) and an outage (5xx, retried) are handled.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const TWILIO_TEST_SID = "AC00000000000000000000000000000000";
export const TWILIO_TEST_TOKEN = "twilio-test-token";
export const TWILIO_TEST_FROM = "+15005550006";

export type FakeSms = { to: string; from: string; body: string };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startTwilioFake() {
  const messages: FakeSms[] = [];
  const state = { respondWith: null as number | null, requests: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST_SID}:${TWILIO_TEST_TOKEN}`).toString("base64")}`;
  const server = createServer((req, res) => {
    void (async () => {
      state.requests += 1;
      const body = new URLSearchParams(await readBody(req));
      const reply = (status: number, payload: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (
        req.method !== "POST" ||
        req.url !== `/2010-04-01/Accounts/${TWILIO_TEST_SID}/Messages.json`
      ) {
        return reply(404, {
          code: 20404,
          message: "The requested resource was not found",
          status: 404,
        });
      }
      if (req.headers.authorization !== expectedAuth) {
        return reply(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      if (state.respondWith) {
        const message =
          state.respondWith < 500
            ? "The 'To' number is not a valid phone number."
            : "Service unavailable";
        return reply(state.respondWith, { code: 21211, message, status: state.respondWith });
      }
      const sms = {
        to: body.get("To") ?? "",
        from: body.get("From") ?? "",
        body: body.get("Body") ?? "",
      };
      messages.push(sms);
      reply(201, { sid: `SM${messages.length}`, status: "queued", to: sms.to, body: sms.body });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      TWILIO_ACCOUNT_SID: TWILIO_TEST_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN,
      TWILIO_FROM: TWILIO_TEST_FROM,
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    },
    messages,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
