// Settings → Reminders beyond the schedule: a test digest now, the delivery log, the email and
// SMS channel state (turn email back on, confirm a bounced address) and the calendar feed URL.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gte } from "drizzle-orm";
import { isChatChannelKind, type ChatChannelKind } from "../../../core/chat-channels";
import type { Delivery, ReminderChannels } from "../../../core/reminders";
import { DELIVERY_LOG_SIZE } from "../../../core/reminders";
import type { Db } from "../../db/client";
import { reminderDeliveries, userReminders, userSettings } from "../../db/schema/index";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { loadDigestData, loadRecipients, writeDeliveries } from "./digests";
import { cadenceOf } from "./scheduler";

type DeliveryRow = typeof reminderDeliveries.$inferSelect;

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    scheduledFor: row.scheduledFor.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    channel:
      row.channel === "sms" || row.channel === "push" || isChatChannelKind(row.channel)
        ? row.channel
        : "email",
    status:
      (["queued", "sent", "failed", "skipped"] as const).find((s) => s === row.status) ?? "queued",
    reason: row.reason,
    contactCount: row.contactCount,
    attempts: row.attempts,
    isTest: row.isTest,
  };
}

export async function listDeliveries(db: Db, userId: string): Promise<Delivery[]> {
  const rows = await db
    .select()
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.userId, userId))
    .orderBy(desc(reminderDeliveries.createdAt), desc(reminderDeliveries.scheduledFor))
    .limit(DELIVERY_LOG_SIZE);
  return rows.map(toDelivery);
}

/** Test digests per user in TEST_WINDOW_MS: enough to try things, not enough to spam. */
export const TEST_REMINDER_LIMIT = 5;
const TEST_WINDOW_MS = 10 * 60_000;

async function assertTestAllowance(db: Db, userId: string): Promise<void> {
  const [recent] = await db
    .select({ n: count() })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.userId, userId),
        eq(reminderDeliveries.isTest, true),
        gte(reminderDeliveries.createdAt, new Date(Date.now() - TEST_WINDOW_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= TEST_REMINDER_LIMIT) {
    throw new AppError(
      "RATE_LIMITED",
      `You have sent ${TEST_REMINDER_LIMIT} test reminders in the last 10 minutes. Please wait a few minutes before sending another.`,
    );
  }
}

/** A real digest of who is due right now, marked as a test, by the user's chosen channel. */
export async function sendTestReminder(
  db: Db,
  options: { env: Env; userId: string; now: Date; lanes?: "primary" | ChatChannelKind },
): Promise<Delivery> {
  const { env, userId, now } = options;
  await getAccountRows(db, userId);
  await assertTestAllowance(db, userId);
  const id = await db.transaction(async (tx) => {
    const [reminder] = await tx
      .select()
      .from(userReminders)
      .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
    const [settings] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
    const recipient = (await loadRecipients(tx, [userId])).get(userId);
    if (!recipient || !settings) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const data = (await loadDigestData(tx, [recipient], now)).get(userId)!;
    const written = await writeDeliveries(tx, {
      env,
      now,
      requests: [
        {
          recipient,
          data,
          reminderId: reminder?.id ?? null,
          scheduledFor: now,
          method: reminder?.reminderMethod ?? settings.reminderMethod,
          cadence: cadenceOf(reminder?.reminderCadence ?? settings.reminderCadence),
          isTest: true,
          lanes: options.lanes ?? "primary",
        },
      ],
    });
    // A test delivery has no unique slot: it is always written, unless the chat channel went
    // away in the meantime.
    const [id] = written.written;
    if (!id) throw new AppError("NOT_FOUND", "That channel is not connected any more.");
    return id;
  });
  const [row] = await db
    .select()
    .from(reminderDeliveries)
    .where(and(eq(reminderDeliveries.id, id), eq(reminderDeliveries.userId, userId)));
  return toDelivery(row!);
}

export function calendarUrl(env: Env, token: string | null): string | null {
  return token ? `${env.APP_URL}/calendar/${token}.ics` : null;
}

export async function getChannels(db: Db, env: Env, userId: string): Promise<ReminderChannels> {
  const { settings } = await getAccountRows(db, userId);
  return {
    emailRemindersEnabled: settings.emailRemindersEnabled,
    emailBouncedAddress: settings.emailBouncedAddress,
    smsSuspendedAt: settings.smsSuspendedAt?.toISOString() ?? null,
    calendarUrl: calendarUrl(env, settings.calendarToken),
  };
}

/** Turns email reminders back on and confirms the address after a bounce. */
export async function resumeEmailReminders(db: Db, env: Env, userId: string) {
  await getAccountRows(db, userId);
  await db
    .update(userSettings)
    .set({ emailRemindersEnabled: true, emailBouncedAddress: null, emailBouncedAt: null })
    .where(eq(userSettings.userId, userId));
  return getChannels(db, env, userId);
}

export async function setEmailReminders(db: Db, userId: string, isEnabled: boolean) {
  await db
    .update(userSettings)
    .set({ emailRemindersEnabled: isEnabled })
    .where(eq(userSettings.userId, userId));
}

/** A new private calendar URL; the old one stops working at once. */
export async function regenerateCalendarToken(db: Db, env: Env, userId: string) {
  await getAccountRows(db, userId);
  const token = randomBytes(24).toString("base64url");
  await db
    .update(userSettings)
    .set({ calendarToken: token })
    .where(eq(userSettings.userId, userId));
  return getChannels(db, env, userId);
}
