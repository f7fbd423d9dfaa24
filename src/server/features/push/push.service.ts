// Settings → Notifications on this device: the browsers a user turned push on in, and their
// choice to have in-app notifications pushed too. Every query names the user.
import { and, eq, inArray } from "drizzle-orm";
import {
  describeDevice,
  type PushConfig,
  type PushDevice,
  type PushSubscriptionInput,
} from "../../../core/push";
import type { Db, Tx } from "../../db/client";
import { pushSubscriptions, userSettings } from "../../db/schema/index";
import type { Env } from "../../env";
import { getAccountRows } from "../../lib/account-rows";
import { AppError } from "../../lib/app-error";
import { findUrlRefusal } from "../../lib/safe-fetch";
import { findVapidKeys } from "./vapid-keys";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A user has at most this many devices; an old one is replaced when a new one arrives. */
export const MAX_PUSH_DEVICES = 20;

function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.label,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failureCount: row.failureCount,
  };
}

export async function getPushConfig(db: Db, env: Env, userId: string): Promise<PushConfig> {
  const { settings } = await getAccountRows(db, userId);
  const keys = findVapidKeys(env);
  return {
    publicKey: keys?.publicKey ?? null,
    isAvailable: Boolean(keys),
    pushInAppNotifications: settings.pushInAppNotifications,
  };
}

export async function setPushInAppNotifications(
  db: Db,
  env: Env,
  userId: string,
  isOn: boolean,
): Promise<PushConfig> {
  await getAccountRows(db, userId);
  await db
    .update(userSettings)
    .set({ pushInAppNotifications: isOn })
    .where(eq(userSettings.userId, userId));
  return getPushConfig(db, env, userId);
}

export async function listPushDevices(db: Db | Tx, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
  return rows.map(toDevice);
}

/**
 * Saves this browser's subscription (again: a browser that re-subscribes gets new keys for the
 * same endpoint). A push service on a private address is refused here as it would be on send.
 */
export async function subscribePush(
  db: Db,
  env: Env,
  input: { userId: string; subscription: PushSubscriptionInput; userAgent?: string },
): Promise<PushDevice> {
  const { userId, subscription } = input;
  const refusal = await findUrlRefusal(subscription.endpoint, {
    allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS,
  });
  // A name that does not resolve now may later: only a refused address is refused.
  if (refusal?.isPermanent) {
    throw new AppError("BAD_REQUEST", `The push service address was refused. ${refusal.message}`, {
      endpoint: refusal.message,
    });
  }
  const values = {
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    label: describeDevice(input.userAgent),
    failureCount: 0,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: subscription.endpoint, ...values })
      .onConflictDoUpdate({
        target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
        set: values,
      })
      .returning();
    const all = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    const oldest = all.slice(0, Math.max(0, all.length - MAX_PUSH_DEVICES)).map((r) => r.id);
    if (oldest.length > 0) {
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, oldest)));
    }
    return toDevice(row!);
  });
}

function removed(count: number): void {
  if (count === 0) {
    throw new AppError("NOT_FOUND", "That device is not in your list any more.");
  }
}

export async function unsubscribePushEndpoint(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  removed(rows.length);
}

export async function removePushDevice(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  removed(rows.length);
}

/** Each user's push devices, for the digest writer: one lane per device. */
export async function listPushTargets(
  db: Db | Tx,
  userIds: string[],
): Promise<Map<string, Array<{ id: string }>>> {
  const byUser = new Map<string, Array<{ id: string }>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]))
    .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}
