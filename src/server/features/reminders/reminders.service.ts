// Settings → Reminders beyond the schedule: a test digest now, the delivery log, the email and
// SMS channel state (turn email back on, confirm a bounced address) and the calendar feed URL.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
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
    channel: row.channel === "sms" ? "sms" : "email",
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

/** A real digest of who is due right now, marked as a test, by the user's chosen channel. */
export async function sendTestReminder(
  db: Db,
  options: { env: Env; userId: string; now: Date },
): Promise<Delivery> {
  const { env, userId, now } = options;
  await getAccountRows(db, userId);
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
        },
      ],
    });
    return written.written[0]!; // a test delivery has no unique slot: it is always written
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
