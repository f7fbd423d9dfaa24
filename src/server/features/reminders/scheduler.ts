// The reminder scheduler. Each pass claims due schedules with FOR UPDATE SKIP
// LOCKED (several processes share the work; none takes a row another holds), writes each
// occurrence's delivery, message and notification, advances next_scheduled_at from the rule, and
// commits, all in one transaction per batch; the outbox sender delivers after the commit.
import { and, eq, lte, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { REMINDER_CADENCES } from "../../../core/constants";
import { parseReminderHour, type ReminderCadence } from "../../../core/onboarding";
import { planDueSlots, type ReminderRule } from "../../../core/reminder-schedule";
import { isValidTimeZone, toLocalDate } from "../../../core/rhythm";
import type { Db, Tx } from "../../db/client";
import { jobHeartbeats, userReminders } from "../../db/schema/index";
import type { Env } from "../../env";
import {
  loadDigestData,
  loadRecipients,
  writeDeliveries,
  type DeliveryRequest,
  type SkippedSlot,
} from "./digests";

export const SCHEDULER_JOB = "reminder-scheduler";
const BATCH_SIZE = 200;

type ReminderRow = typeof userReminders.$inferSelect;

export function cadenceOf(value: string): ReminderCadence {
  return (REMINDER_CADENCES as readonly string[]).includes(value)
    ? (value as ReminderCadence)
    : "days";
}

/** The stored rule; a schedule saved before rules were stored is anchored on its next run. */
export function ruleOf(row: ReminderRow): ReminderRule {
  const timeZone = isValidTimeZone(row.timezone) ? row.timezone : "UTC";
  const anchor = row.anchorDate ?? toLocalDate(row.nextScheduledAt ?? row.createdAt, timeZone);
  return {
    anchorDate: anchor,
    hour: parseReminderHour(row.reminderTime),
    timeZone,
    cadence: cadenceOf(row.reminderCadence),
    frequency: row.reminderFrequency,
  };
}

function missedReason(total: number, shown: number): string {
  const also = total > shown ? ` (${total - shown} earlier ones were missed too)` : "";
  return `Missed: the reminder service was not running at this time, and a reminder more than 12 hours late is not sent${also}.`;
}

export type SchedulerDeps = {
  db: Db;
  env: Env;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Called after each committed batch, so the outbox sender starts at once. */
  onQueued?: () => void;
  /** Batches in flight at once (PostgreSQL); PGlite has one connection, so 1 there. */
  concurrency?: number;
};

async function runBatch(tx: Tx, deps: SchedulerDeps, now: Date) {
  const due = await tx
    .select()
    .from(userReminders)
    .where(and(eq(userReminders.isActive, true), lte(userReminders.nextScheduledAt, now)))
    .orderBy(userReminders.nextScheduledAt)
    .limit(BATCH_SIZE)
    .for("update", { skipLocked: true });
  if (due.length === 0) return { claimed: 0, queued: 0, skipped: 0, lateMs: [] as number[] };

  const recipients = await loadRecipients(tx, [...new Set(due.map((r) => r.userId))]);
  const sends: Omit<DeliveryRequest, "data">[] = [];
  const skipped: SkippedSlot[] = [];
  const lateMs: number[] = [];
  const advanced: SQL[] = [];
  for (const row of due) {
    const rule = ruleOf(row);
    const plan = planDueSlots(rule, row.nextScheduledAt!, now);
    for (const slot of plan.skipped) {
      skipped.push({
        userId: row.userId,
        reminderId: row.id,
        scheduledFor: slot,
        reason: missedReason(plan.skippedTotal, plan.skipped.length),
      });
    }
    const recipient = recipients.get(row.userId);
    if (plan.sendSlot && recipient) {
      lateMs.push(now.getTime() - plan.sendSlot.getTime());
      sends.push({
        recipient,
        reminderId: row.id,
        scheduledFor: plan.sendSlot,
        method: row.reminderMethod,
        cadence: rule.cadence,
        isTest: false,
      });
    }
    advanced.push(
      sql`(${row.id}::uuid, ${plan.next.toISOString()}::timestamptz, ${rule.anchorDate})`,
    );
  }
  // One statement for the whole batch: a round trip per schedule was most of a run's time.
  await tx.execute(sql`
    update user_reminders as r
    set next_scheduled_at = v.next, anchor_date = v.anchor, last_run_at = ${now.toISOString()}::timestamptz
    from (values ${sql.join(advanced, sql`, `)}) as v(id, next, anchor)
    where r.id = v.id`);
  const data = await loadDigestData(
    tx,
    sends.map((s) => s.recipient),
    now,
  );
  const written = await writeDeliveries(tx, {
    env: deps.env,
    now,
    requests: sends.map((s) => ({ ...s, data: data.get(s.recipient.userId)! })),
    skipped,
  });
  return { claimed: due.length, queued: written.queued.length, skipped: written.skipped, lateMs };
}

/**
 * One scheduler pass: every schedule due now, in batches. On PostgreSQL several batches run at
 * once on their own connections (SKIP LOCKED keeps them apart): the work is mostly waiting on
 * the database, so this is what lets 10,000 digests be queued within seconds.
 */
export async function runScheduler(deps: SchedulerDeps) {
  const totals = { claimed: 0, queued: 0, skipped: 0, maxLateMs: 0 };
  const loop = async () => {
    for (;;) {
      const now = deps.now();
      const batch = await deps.db.transaction((tx) => runBatch(tx, deps, now));
      if (batch.queued > 0) deps.onQueued?.();
      totals.claimed += batch.claimed;
      totals.queued += batch.queued;
      totals.skipped += batch.skipped;
      totals.maxLateMs = Math.max(totals.maxLateMs, ...batch.lateMs, 0);
      if (batch.claimed < BATCH_SIZE) return;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 1) }, loop));
  const now = deps.now();
  await deps.db
    .insert(jobHeartbeats)
    .values({ name: SCHEDULER_JOB, lastRunAt: now })
    .onConflictDoUpdate({ target: jobHeartbeats.name, set: { lastRunAt: now } });
  if (totals.claimed > 0)
    deps.log.info({ job: SCHEDULER_JOB, ...totals }, "reminder scheduler run");
  return totals;
}
