// A local fake of the parts of Stripe's HTTP API that Tend uses (checkout sessions, subscriptions,
// invoices, billing portal), for the official SDK pointed at it via STRIPE_API_HOST/PORT/PROTOCOL. Tests
// drive it (complete a checkout, change a subscription) and sign webhook payloads for it.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake_0123456789";
export const FAKE_WEBHOOK_SECRET = "whsec_test_fake_0123456789";
export const FAKE_PRICE_ID = "price_standard_monthly";

type Json = Record<string, unknown>;
export type FakeRequest = {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey?: string;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    req.on("end", () => resolve(Object.fromEntries(new URLSearchParams(data))));
    req.on("error", reject);
  });
}

export type StripeFake = {
  env: Record<string, string>;
  requests: FakeRequest[];
  sessions: Map<string, Json>;
  subscriptionsById: Map<string, Json>;
  invoices: Map<string, Json>;
  /**
   * Marks a checkout paid, creating its customer and a subscription: active with its first paid
   * invoice, or trialing until the checkout's trial_end (nothing charged yet).
   */
  completeCheckout: (sessionId: string, options?: { periodEnd?: Date }) => Json;
  /** The trial is over: the subscription turns active and its first invoice is paid. */
  endTrial: (subscriptionId: string) => Json;
  /** The subscription's paid invoices, oldest first. */
  invoicesOf: (subscriptionId: string) => Json[];
  updateSubscription: (subscriptionId: string, patch: Json) => Json;
  /** A signed webhook delivery for `event` (an object with id, type and data.object). */
  signedDelivery: (
    event: Json,
    secret?: string,
  ) => { payload: string; headers: Record<string, string> };
  count: (method: string, pathPrefix: string) => number;
  /** Makes the next `n` subscription reads fail with a 500. */
  failNextSubscriptionReads: (n: number) => void;
  /** Makes the next `n` subscription reads answer only after `ms` (a slow Stripe). */
  delayNextSubscriptionReads: (n: number, ms: number) => void;
  close: () => Promise<void>;
};

export async function startStripeFake(): Promise<StripeFake> {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, Json>();
  const subscriptionsById = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  let failingReads = 0;
  let slowReads = { count: 0, ms: 0 };
  const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

  function notFound(kind: string, objectId: string) {
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such ${kind}: '${objectId}'`,
        },
      },
    };
  }

  function handle(
    method: string,
    path: string,
    body: Record<string, string>,
  ): { status: number; body: Json } {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        customer_details: null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body["metadata[userId]"] ? { userId: body["metadata[userId]"] } : {},
        price: body["line_items[0][price]"],
        trial_end: body["subscription_data[trial_end]"]
          ? Number(body["subscription_data[trial_end]"])
          : null,
        subscription: null,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    let match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (match && method === "GET") {
      const session = sessions.get(match[1]!);
      return session ? { status: 200, body: session } : notFound("checkout.session", match[1]!);
    }
    match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (match) {
      const sub = subscriptionsById.get(match[1]!);
      if (!sub) return notFound("subscription", match[1]!);
      if (method === "GET") {
        if (failingReads > 0) {
          failingReads -= 1;
          return { status: 500, body: { error: { type: "api_error", message: "fake outage" } } };
        }
        return { status: 200, body: sub };
      }
      if (method === "POST") {
        if (body.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = body.cancel_at_period_end === "true";
        return { status: 200, body: sub };
      }
    }
    match = /^\/v1\/invoices\/([\w-]+)$/.exec(path);
    if (match && method === "GET") {
      const invoice = invoices.get(match[1]!);
      return invoice ? { status: 200, body: invoice } : notFound("invoice", match[1]!);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      return {
        status: 200,
        body: {
          id: id("bps"),
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id("live")}`,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unknown ${method} ${path}` } },
    };
  }

  /** A paid invoice of $8 for the subscription's period [start, end] (seconds). */
  function payInvoice(sub: Json, start: number, end: number): Json {
    const invoice: Json = {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      status: "paid",
      amount_paid: 800,
      currency: "usd",
      created: start,
      period_start: start,
      period_end: end,
      status_transitions: { paid_at: start },
      lines: { object: "list", data: [{ period: { start, end } }] },
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    };
    invoices.set(invoice.id as string, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? "/").split("?")[0]!;
      const method = req.method ?? "GET";
      const key = req.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" ? key : undefined;
      requests.push({ method, path, body, idempotencyKey });
      if (method === "GET" && path.startsWith("/v1/subscriptions/") && slowReads.count > 0) {
        slowReads.count -= 1;
        await new Promise((resolve) => setTimeout(resolve, slowReads.ms));
      }
      const authorized = req.headers.authorization === `Bearer ${FAKE_STRIPE_SECRET_KEY}`;
      let result: { status: number; body: Json };
      if (!authorized) {
        result = {
          status: 401,
          body: { error: { type: "invalid_request_error", message: "Invalid API Key" } },
        };
      } else if (
        idempotencyKey &&
        method === "POST" &&
        idempotent.has(`${path}:${idempotencyKey}`)
      ) {
        result = { status: 200, body: idempotent.get(`${path}:${idempotencyKey}`)! };
      } else {
        result = handle(method, path, body);
        if (idempotencyKey && method === "POST" && result.status === 200)
          idempotent.set(`${path}:${idempotencyKey}`, result.body);
      }
      res.writeHead(result.status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(result.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    env: {
      BILLING_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: FAKE_PRICE_ID,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    requests,
    sessions,
    subscriptionsById,
    completeCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      const customer = (session.customer as string | null) ?? id("cus");
      const trialEnd = session.trial_end as number | null;
      const end =
        trialEnd ??
        Math.floor((options.periodEnd ?? new Date(Date.now() + 30 * 86_400_000)).getTime() / 1000);
      const sub: Json = {
        id: id("sub"),
        object: "subscription",
        customer,
        status: trialEnd ? "trialing" : "active",
        trial_end: trialEnd,
        cancel_at_period_end: false,
        cancel_at: null,
        items: {
          object: "list",
          data: [{ id: id("si"), current_period_end: end, price: { id: session.price } }],
        },
        metadata: session.metadata,
      };
      subscriptionsById.set(sub.id as string, sub);
      if (!trialEnd) payInvoice(sub, Math.floor(Date.now() / 1000), end);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer,
        subscription: sub.id,
        customer_details: { email: session.customer_email ?? "payer@example.com" },
      });
      return session;
    },
    invoices,
    endTrial(subscriptionId) {
      const sub = subscriptionsById.get(subscriptionId);
      if (!sub?.trial_end) throw new Error(`no fake trial on ${subscriptionId}`);
      const start = sub.trial_end as number;
      const end = start + 30 * 86_400;
      const item = (sub.items as { data: Json[] }).data[0]!;
      item.current_period_end = end;
      sub.status = "active";
      return payInvoice(sub, start, end);
    },
    invoicesOf(subscriptionId) {
      return [...invoices.values()].filter(
        (invoice) =>
          (invoice.parent as { subscription_details: { subscription: string } })
            .subscription_details.subscription === subscriptionId,
      );
    },
    updateSubscription(subscriptionId, patch) {
      const sub = subscriptionsById.get(subscriptionId);
      if (!sub) throw new Error(`no fake subscription ${subscriptionId}`);
      return Object.assign(sub, patch);
    },
    signedDelivery(event, secret = FAKE_WEBHOOK_SECRET) {
      const payload = JSON.stringify({ object: "event", api_version: null, ...event });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      return {
        payload,
        headers: { "stripe-signature": signature, "content-type": "application/json" },
      };
    },
    count(method, pathPrefix) {
      return requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).length;
    },
    failNextSubscriptionReads(n) {
      failingReads = n;
    },
    delayNextSubscriptionReads(n, ms) {
      slowReads = { count: n, ms };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
