// What a delivery's outcome means for the user: the delivery log follows the
// outbox; a hard bounce pauses email to that address until the user changes or confirms it;
// SMS is suspended only after 24 hours of continuous permanent failure, and any success resets
// that. Reminders themselves are never deleted or deactivated by a failure. Either pause is told
// to the user as a SYSTEM_ALERT notification (and a banner in the app).
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { reminderDeliveries, userSettings } from "../../db/schema/index";
import { escapeHtml } from "../../lib/html";
import { CHAT_CHANNEL_LABELS, isChatChannelKind } from "../../../core/chat-channels";
import { recordChannelFailure, recordChannelsDelivered } from "../channels/channels.public";
import { notifyUsers } from "../notifications/notifications.public";
import { recordPushDelivered, recordPushFailure } from "../push/push.public";
import type { DeliveryHooks, OutboxRow } from "../outbox/outbox.public";

export const SMS_SUSPEND_AFTER_MS = 24 * 3_600_000;

/** The failure in words for the delivery log. */
export function describeFailure(channel: string, error: string, isPermanent: boolean): string {
  const peer =
    channel === "sms"
      ? "The SMS provider"
      : channel === "push"
        ? "The push service"
        : isChatChannelKind(channel)
          ? CHAT_CHANNEL_LABELS[channel]
          : "The mail server";
  const code = error.match(/\b([45]\d\d)\b/)?.[1];
  if (isPermanent)
    return `${peer} refused the message${code ? ` (${code})` : ""}: ${error.slice(0, 200)}`;
  if (/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|ECONNRESET|Could not reach|connect/i.test(error)) {
    return `${peer} could not be reached.`;
  }
  return `${peer} asked us to try again later${code ? ` (${code})` : ""}.`;
}

async function recordBounce(tx: Tx, row: OutboxRow, now: Date): Promise<void> {
  if (!row.userId) return;
  const updated = await tx
    .update(userSettings)
    .set({ emailBouncedAddress: row.to, emailBouncedAt: now })
    .where(
      and(
        eq(userSettings.userId, row.userId),
        or(isNull(userSettings.emailBouncedAddress), ne(userSettings.emailBouncedAddress, row.to)),
      ),
    )
    .returning({ userId: userSettings.userId });
  if (updated.length === 0) return;
  await notifyUsers(tx, [
    {
      userId: row.userId,
      type: "SYSTEM_ALERT",
      title: "Reminder emails are paused",
      content: `<p>Mail to ${escapeHtml(row.to)} was refused by the receiving server, so we stopped sending to it. Nothing was deleted: check the address, or confirm it in Settings to resume.</p>`,
      link: "/app/settings",
      metadata: { channel: "email", address: row.to },
    },
  ]);
}

async function recordSmsFailure(tx: Tx, row: OutboxRow, now: Date): Promise<void> {
  if (!row.userId) return;
  const [settings] = await tx
    .update(userSettings)
    .set({
      smsFailingSince: sql`coalesce(${userSettings.smsFailingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(userSettings.userId, row.userId))
    .returning({ since: userSettings.smsFailingSince, suspendedAt: userSettings.smsSuspendedAt });
  if (!settings?.since || settings.suspendedAt) return;
  if (now.getTime() - new Date(settings.since).getTime() < SMS_SUSPEND_AFTER_MS) return;
  await tx
    .update(userSettings)
    .set({ smsSuspendedAt: now })
    .where(eq(userSettings.userId, row.userId));
  await notifyUsers(tx, [
    {
      userId: row.userId,
      type: "SYSTEM_ALERT",
      title: "Text reminders are paused",
      content:
        "<p>Your text reminders could not be delivered for a whole day, so they come by email for now. Nothing was deleted: check your phone number in Settings.</p>",
      link: "/app/settings",
      metadata: { channel: "sms" },
    },
  ]);
}

export const reminderDeliveryHooks: DeliveryHooks = {
  async onSent(tx, rows, now) {
    const delivered = rows.flatMap((row) =>
      row.deliveryId ? [sql`(${row.deliveryId}::uuid, ${row.attempts}::int)`] : [],
    );
    if (delivered.length > 0) {
      await tx.execute(sql`
        update ${reminderDeliveries} as d
        set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, attempts = v.attempts,
          last_error = null
        from (values ${sql.join(delivered, sql`, `)}) as v(id, attempts)
        where d.id = v.id`);
    }
    await recordPushDelivered(tx, rows, now);
    await recordChannelsDelivered(
      tx,
      rows.flatMap((row) => (isChatChannelKind(row.channel) ? [row.to] : [])),
    );
    const texted = [
      ...new Set(rows.flatMap((row) => (row.channel === "sms" && row.userId ? [row.userId] : []))),
    ];
    if (texted.length > 0) {
      await tx
        .update(userSettings)
        .set({ smsFailingSince: null, smsSuspendedAt: null })
        .where(
          and(
            inArray(userSettings.userId, texted),
            or(
              sql`${userSettings.smsFailingSince} is not null`,
              sql`${userSettings.smsSuspendedAt} is not null`,
            ),
          ),
        );
    }
  },
  async onFailed(tx, row, failure) {
    if (row.deliveryId) {
      const words = describeFailure(row.channel, failure.error, failure.isPermanent);
      const isDead = failure.outcome === "dead";
      await tx
        .update(reminderDeliveries)
        .set({
          status: isDead ? "failed" : "queued",
          attempts: row.attempts,
          lastError: failure.error.slice(0, 500),
          reason: isDead
            ? failure.isPermanent
              ? words
              : `${words} We gave up after ${row.attempts} tries.`
            : `${words} Trying again (attempt ${row.attempts + 1}).`,
        })
        .where(eq(reminderDeliveries.id, row.deliveryId));
    }
    if (row.channel === "push") {
      // A device that is gone was removed by the transport; the others count their failures.
      await recordPushFailure(tx, row);
      return;
    }
    if (!failure.isPermanent) return;
    if (isChatChannelKind(row.channel)) await recordChannelFailure(tx, row.to, failure);
    else if (row.channel === "email") await recordBounce(tx, row, failure.now);
    else await recordSmsFailure(tx, row, failure.now);
  },
};
