// A local stand-in for a browser vendor's push service (one file per outside service). Tests make
// a subscription as a browser would — a P-256 key pair and a 16-byte auth secret — and point its
// endpoint here. Each POST is checked as a push service checks it: the `Authorization: vapid
// t=<JWT>, k=<key>` header (RFC 8292: ES256 signed by k, aud = the endpoint's origin, exp within
// 24 hours, a sub), a TTL, and an aes128gcm body (RFC 8291) that must decrypt with the
// subscription's keys. It answers 201, or whatever status a test queued for that endpoint.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

export type FakePushSubscription = {
  /** The PushSubscription JSON a browser would hand the page. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  id: string;
};

export type FakePush = {
  subscriptionId: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key (k=) the request was signed with. */
  vapidKey: string;
};

type Keys = { ecdh: ECDH; authSecret: Buffer };

const DAY_SECONDS = 24 * 3600;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The JWT's claims when the header is a valid VAPID one for `origin`, else why not. */
function checkVapid(header: string, origin: string): { claims: FakePush["claims"]; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header.slice(0, 40)}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) throw new Error("the JWT does not have three parts");
  const jose = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (jose.alg !== "ES256") throw new Error(`the JWT is signed with ${jose.alg}, not ES256`);
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const isSigned = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isSigned) throw new Error("the JWT's signature does not verify with k");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as FakePush["claims"];
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + DAY_SECONDS)) {
    throw new Error(`exp ${claims.exp} is not within the next 24 hours`);
  }
  if (!/^(mailto:|https:\/\/)/.test(claims.sub ?? "")) {
    throw new Error(`sub is not a mailto: or https: address: ${claims.sub}`);
  }
  return { claims, key };
}

export async function startFakePushService() {
  const keys = new Map<string, Keys>();
  const answers = new Map<string, number[]>();
  const pushes: FakePush[] = [];
  const refusals: string[] = [];
  let waiters: Array<() => void> = [];

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const subscription = keys.get(id);
      const origin = `http://${req.headers.host}`;
      const refuse = (status: number, why: string) => {
        refusals.push(why);
        res.writeHead(status, { "content-type": "text/plain" }).end(why);
      };
      if (req.method !== "POST" || !subscription) return refuse(404, "no such subscription");
      const queued = answers.get(id)?.shift();
      if (queued && queued !== 201) {
        res.writeHead(queued, { "content-type": "text/plain" }).end(`answered ${queued}`);
        return;
      }
      let vapid: ReturnType<typeof checkVapid>;
      try {
        vapid = checkVapid(req.headers.authorization ?? "", origin);
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      if (req.headers["content-encoding"] !== "aes128gcm") {
        return refuse(400, `Content-Encoding is ${req.headers["content-encoding"]}`);
      }
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "no TTL header");
      let payload: unknown;
      try {
        const plain = ece.decrypt(body, {
          version: "aes128gcm",
          privateKey: subscription.ecdh,
          authSecret: subscription.authSecret,
        });
        payload = JSON.parse(plain.toString("utf8"));
      } catch (error) {
        return refuse(400, `the body did not decrypt: ${(error as Error).message}`);
      }
      pushes.push({
        subscriptionId: id,
        payload,
        ttl,
        topic: (req.headers.topic as string | undefined) ?? null,
        urgency: (req.headers.urgency as string | undefined) ?? null,
        claims: vapid.claims,
        vapidKey: vapid.key,
      });
      res.writeHead(201, { location: `/message/${pushes.length}` }).end();
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    pushes,
    refusals,
    /** A browser's new subscription whose endpoint is this service. */
    subscribe(): FakePushSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(12).toString("base64url");
      keys.set(id, { ecdh, authSecret });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: authSecret.toString("base64url"),
          },
        },
      };
    },
    /** The next POSTs to this subscription get these statuses (201 = accept as usual). */
    answerWith(subscription: FakePushSubscription, ...statuses: number[]) {
      answers.set(subscription.id, [...(answers.get(subscription.id) ?? []), ...statuses]);
    },
    pushesTo(subscription: FakePushSubscription): FakePush[] {
      return pushes.filter((p) => p.subscriptionId === subscription.id);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
