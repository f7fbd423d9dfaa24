// The outbox's transport for push: encrypts the message for one browser (RFC 8291 aes128gcm),
// signs the request with the server's VAPID key (RFC 8292) and sends it to the browser's push
// service through safeFetch, so the address check and the request are the same connection.
// A 404 or 410 means the browser dropped the subscription: it is removed and not retried.
import { and, eq } from "drizzle-orm";
import webPush from "web-push";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema/index";
import type { Env } from "../../env";
import { safeFetch, SafeFetchError } from "../../lib/safe-fetch";
import { DeliveryError, type OutboxRow, type Transport } from "../outbox/outbox.public";
import { renderPushPayload } from "./push-message";
import type { PushSubscriptionRow } from "./push.service";
import { getVapidKeys } from "./vapid-keys";

/** A reminder a day old is not worth showing: the push service drops it after this. */
export const PUSH_TTL_SECONDS = 12 * 3600;
/** Replaces a digest the push service still holds for an offline device (RFC 8030 Topic). */
const DIGEST_TOPIC = "tend-digest";
const GONE_STATUSES = new Set([404, 410]);
const RETRY_LATER_STATUSES = new Set([408, 425, 429]);

async function subscriptionOf(db: Db, row: OutboxRow): Promise<PushSubscriptionRow> {
  const [subscription] = row.userId
    ? await db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, row.to), eq(pushSubscriptions.userId, row.userId)))
    : [];
  if (!subscription) {
    throw new DeliveryError("Push was turned off on that device.", true);
  }
  return subscription;
}

export function buildPushRequest(
  env: Env,
  subscription: Pick<PushSubscriptionRow, "endpoint" | "p256dh" | "auth">,
  row: Pick<OutboxRow, "payload">,
) {
  if (!row.payload) throw new DeliveryError("The message has no content to send.", true);
  const payload = renderPushPayload(row.payload);
  const keys = getVapidKeys(env);
  const details = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency: "normal",
      contentEncoding: "aes128gcm",
      ...(row.payload.kind === "digest" ? { topic: DIGEST_TOPIC } : {}),
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  return { url: details.endpoint, headers, body: details.body as Buffer | null };
}

export function createPushTransport(deps: { db: Db; env: Env }): Transport {
  const { db, env } = deps;
  return {
    name: "webpush",
    async send(row) {
      const subscription = await subscriptionOf(db, row);
      const request = buildPushRequest(env, subscription, row);
      let res: Response;
      try {
        res = await safeFetch(
          request.url,
          { method: "POST", headers: request.headers, body: request.body ?? undefined },
          { allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS },
        );
      } catch (error) {
        if (error instanceof SafeFetchError) {
          throw new DeliveryError(`The push service: ${error.message}`, error.isPermanent);
        }
        throw error;
      }
      const said = (await res.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
      if (res.status >= 200 && res.status < 300) return;
      if (GONE_STATUSES.has(res.status)) {
        await db
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.id, subscription.id),
              eq(pushSubscriptions.userId, subscription.userId),
            ),
          );
        throw new DeliveryError(
          `The push service answered ${res.status}: this device no longer takes notifications, so it was removed from your devices.`,
          true,
        );
      }
      const isRetryable = res.status >= 500 || RETRY_LATER_STATUSES.has(res.status);
      throw new DeliveryError(
        `The push service answered ${res.status}${said ? `: ${said}` : ""}`,
        !isRetryable,
      );
    },
    close: () => undefined,
  };
}
