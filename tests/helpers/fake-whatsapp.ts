// A local stand-in for Meta's WhatsApp Cloud API (one file per outside vendor): POST
// /:phoneNumberId/messages checks the bearer token and records each message, and can answer a
// Graph API error; `signedPost` builds a webhook delivery signed with the app secret, as Meta's are.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const WHATSAPP_TEST_TOKEN = "whatsapp-test-token";
export const WHATSAPP_TEST_PHONE_ID = "106540352242922";
export const WHATSAPP_TEST_SECRET = "whatsapp-app-secret";
export const WHATSAPP_TEST_VERIFY = "whatsapp-verify-token";
export const WHATSAPP_TEST_TEMPLATE = "tend_digest";

/** The request body of one message Tend sent, as the Graph API received it. */
export type FakeWhatsAppMessage = {
  to: string;
  type: "template" | "text";
  text?: { body: string };
  template?: {
    name: string;
    language: { code: string };
    components: {
      type: string;
      sub_type?: string;
      index?: string;
      parameters: { type: string; text?: string; payload?: string }[];
    }[];
  };
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startWhatsAppFake() {
  const messages: FakeWhatsAppMessage[] = [];
  /** Set to answer every send with this status and Graph API error code. */
  const state = { failWith: null as { status: number; code: number } | null };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const reply = (status: number, payload: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, code: number, message: string) =>
        reply(status, { error: { message, type: "OAuthException", code, fbtrace_id: "fake" } });
      if (req.method !== "POST" || req.url !== `/${WHATSAPP_TEST_PHONE_ID}/messages`) {
        return error(400, 100, "Unsupported post request.");
      }
      if (req.headers.authorization !== `Bearer ${WHATSAPP_TEST_TOKEN}`) {
        return error(401, 190, "Invalid OAuth access token.");
      }
      if (state.failWith) {
        return error(state.failWith.status, state.failWith.code, "Message undeliverable.");
      }
      const message = JSON.parse(body) as FakeWhatsAppMessage & { messaging_product: string };
      if (message.messaging_product !== "whatsapp" || !/^\d+$/.test(message.to)) {
        return error(400, 100, "Invalid parameter");
      }
      messages.push(message);
      reply(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id: `wamid.fake${messages.length}` }],
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      WHATSAPP_TOKEN: WHATSAPP_TEST_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST_PHONE_ID,
      WHATSAPP_APP_SECRET: WHATSAPP_TEST_SECRET,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP_TEST_VERIFY,
      WHATSAPP_TEMPLATE: WHATSAPP_TEST_TEMPLATE,
      WHATSAPP_API_URL: `http://127.0.0.1:${port}`,
    },
    messages,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let messageCounter = 0;

/** One webhook delivery carrying one user message, as Meta posts it. */
export function webhookMessage(from: string, message: Record<string, unknown>, at: Date): object {
  messageCounter += 1;
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: "15550783881",
                phone_number_id: WHATSAPP_TEST_PHONE_ID,
              },
              contacts: [{ profile: { name: "Test User" }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.in${process.pid}x${messageCounter}`,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  ...message,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** The request for app.inject: the body and its X-Hub-Signature-256 (a wrong secret to forge). */
export function signedPost(payload: object | string, secret = WHATSAPP_TEST_SECRET) {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  return {
    method: "POST" as const,
    url: "/api/inbound/whatsapp",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    payload: body,
  };
}
