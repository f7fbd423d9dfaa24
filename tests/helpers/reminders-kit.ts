// Helpers for the reminder tests: a user with a reminder schedule, a due contact, a frozen
// clock, and one scheduler pass followed by the outbox sender (as the background jobs do).
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Contact } from "../../src/core/contacts";
import { outbox, reminderDeliveries, userReminders } from "../../src/server/db/schema/index";
import { runScheduler } from "../../src/server/features/reminders/scheduler";
import { createUser, injectAs, type TestUser } from "./test-app";

/** Freezes the app's clock at `iso` (sessions keep the real time). */
export function setNow(app: FastifyInstance, iso: string | Date) {
  const at = typeof iso === "string" ? Date.parse(iso) : iso.getTime();
  app.clock.now = () => new Date(at);
}

export type Schedule = {
  reminderMethod?: "email" | "text";
  reminderFrequency?: number;
  reminderCadence?: "days" | "weeks" | "as_needed";
  reminderTime?: string;
  timezone?: string;
};

export async function saveSchedule(app: FastifyInstance, user: TestUser, schedule: Schedule = {}) {
  const res = await injectAs(app, user, {
    method: "PATCH",
    url: "/api/settings/reminders",
    payload: {
      reminderMethod: "email",
      reminderFrequency: 1,
      reminderCadence: "days",
      reminderTime: "9",
      timezone: "Europe/Berlin",
      ...schedule,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ nextScheduledAt: string }>();
}

export async function createReminderUser(app: FastifyInstance, schedule: Schedule = {}) {
  const user = await createUser(app);
  const saved = await saveSchedule(app, user, schedule);
  return { user, nextScheduledAt: saved.nextScheduledAt };
}

export async function addDueContact(
  app: FastifyInstance,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<Contact> {
  const today = app.clock.now().toISOString().slice(0, 10);
  const tenDaysAgo = new Date(Date.parse(today) - 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await injectAs(app, user, {
    method: "POST",
    url: "/api/contacts",
    payload: {
      firstName: "Ada",
      lastName: "Lovelace",
      emails: [{ value: "ada@example.com" }],
      preferredMethod: "email",
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: tenDaysAgo,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Contact>();
}

/** One scheduler pass, then everything it queued through the outbox sender. */
export async function runJobs(app: FastifyInstance) {
  const result = await runScheduler({
    db: app.db,
    env: app.env,
    now: () => app.clock.now(),
    log: app.log,
    onQueued: () => app.outbox.kick(),
  });
  await app.outbox.drain();
  return result;
}

export async function deliveriesOf(app: FastifyInstance, userId: string) {
  return app.db
    .select()
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.userId, userId))
    .orderBy(reminderDeliveries.scheduledFor, reminderDeliveries.createdAt);
}

export async function digestsTo(app: FastifyInstance, to: string) {
  return app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to)))
    .orderBy(desc(outbox.createdAt));
}

export async function activeReminder(app: FastifyInstance, userId: string) {
  const [row] = await app.db
    .select()
    .from(userReminders)
    .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
  return row!;
}

/** The links in a digest's plain-text part. */
export function linksIn(text: string, label: string): string[] {
  return [...text.matchAll(new RegExp(`${label}: (\\S+)`, "g"))].map((m) => m[1]!);
}
