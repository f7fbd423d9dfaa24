// The daily retention job: message bodies go after OUTBOX_RETENTION_DAYS with the row's status
// kept; a year of deliveries, webhook deliveries, messages, sign-in events, one-tap uses and past imports is kept
// (the latest import always); read notifications go after half a year. Recent rows stay.
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, type TestApp } from "../../../tests/helpers/test-app";
import {
  authEvents,
  imports,
  notifications,
  oneTapUses,
  outbox,
  reminderDeliveries,
  userNotifications,
  webhookDeliveries,
  webhooks,
} from "../db/schema/index";
import { defaultJobs, startBackgroundJobs, type JobContext } from "./background-jobs";
import { applyRetention } from "./data-retention";

const DAY = 86_400_000;

describe("data retention", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ OUTBOX_RETENTION_DAYS: "30" });
  });
  afterAll(() => t.close());

  async function runRetentionJob() {
    const ctx: JobContext = { ...t.app.services, log: t.app.log };
    const job = defaultJobs(ctx).find((candidate) => candidate.name === "data-retention");
    expect(job, "the retention job is scheduled").toBeDefined();
    await startBackgroundJobs(ctx, [job!])();
  }

  it("removes old bodies and rows, and keeps what is recent or still needed", async () => {
    const { db } = t.app;
    const user = await createUser(t.app);
    const now = t.app.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    const message = (status: string, days: number) => ({
      userId: user.id,
      channel: "email",
      kind: "reminder",
      to: user.email,
      subject: "3 people to catch up with",
      html: "<p>Grace Hopper</p>",
      text: "Grace Hopper",
      status,
      createdAt: ago(days),
    });
    const [oldSent, oldFailed, oldPending, recentSent, ancient] = await db
      .insert(outbox)
      .values([
        message("sent", 31),
        message("failed", 45),
        message("pending", 45),
        message("sent", 29),
        message("sent", 400),
      ])
      .returning({ id: outbox.id });

    const deliveries = await db
      .insert(reminderDeliveries)
      .values([
        { userId: user.id, scheduledFor: ago(370), channel: "email", createdAt: ago(370) },
        { userId: user.id, scheduledFor: ago(300), channel: "email", createdAt: ago(300) },
      ])
      .returning({ id: reminderDeliveries.id });
    const [hook] = await db
      .insert(webhooks)
      .values({
        userId: user.id,
        url: "https://example.com/hook",
        events: ["contact.created"],
        secret: "s",
      })
      .returning({ id: webhooks.id });
    const hookDeliveries = await db
      .insert(webhookDeliveries)
      .values([
        { userId: user.id, webhookId: hook!.id, event: "contact.created", createdAt: ago(366) },
        { userId: user.id, webhookId: hook!.id, event: "contact.created", createdAt: ago(200) },
      ])
      .returning({ id: webhookDeliveries.id });
    const [oldUse, recentUse] = [randomUUID(), randomUUID()];
    await db.insert(oneTapUses).values([
      { tokenHash: oldUse, userId: user.id, action: "contacted", usedAt: ago(366) },
      { tokenHash: recentUse, userId: user.id, action: "snooze", usedAt: ago(20) },
    ]);
    const events = await db
      .insert(authEvents)
      .values([
        { userId: user.id, eventType: "sign_in", createdAt: ago(400) },
        { userId: user.id, eventType: "sign_in", createdAt: ago(10) },
      ])
      .returning({ id: authEvents.id });
    const [notice] = await db
      .insert(notifications)
      .values({ type: "system", title: "Welcome" })
      .returning({ id: notifications.id });
    const [otherNotice] = await db
      .insert(notifications)
      .values({ type: "system", title: "Unread" })
      .returning({ id: notifications.id });
    const shown = await db
      .insert(userNotifications)
      .values([
        { userId: user.id, notificationId: notice!.id, seenAt: ago(200) },
        { userId: user.id, notificationId: otherNotice!.id, seenAt: null, createdAt: ago(500) },
      ])
      .returning({ id: userNotifications.id });
    const past = await db
      .insert(imports)
      .values([
        { userId: user.id, source: "csv", createdAt: ago(500) },
        { userId: user.id, source: "vcard", createdAt: ago(400) },
      ])
      .returning({ id: imports.id });
    // Another account's only import, older than a year: still its latest.
    const other = await createUser(t.app);
    const [othersOnly] = await db
      .insert(imports)
      .values({ userId: other.id, source: "csv", createdAt: ago(600) })
      .returning({ id: imports.id });

    await runRetentionJob();

    const rows = await db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          [oldSent, oldFailed, oldPending, recentSent, ancient].map((row) => row!.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const cleared of [oldSent, oldFailed]) {
      expect(byId.get(cleared!.id)).toMatchObject({
        subject: "",
        html: "",
        text: "",
        payload: null,
      });
    }
    expect(byId.get(oldSent!.id)?.status).toBe("sent");
    expect(byId.get(oldFailed!.id)?.status).toBe("failed");
    // Not yet sent: its body is still needed.
    expect(byId.get(oldPending!.id)?.text).toBe("Grace Hopper");
    expect(byId.get(recentSent!.id)?.text).toBe("Grace Hopper");
    expect(byId.has(ancient!.id)).toBe(false);

    const keptDeliveries = await db
      .select({ id: reminderDeliveries.id })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, user.id));
    expect(keptDeliveries.map((row) => row.id)).toEqual([deliveries[1]!.id]);
    const keptHookDeliveries = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, user.id));
    expect(keptHookDeliveries.map((row) => row.id)).toEqual([hookDeliveries[1]!.id]);
    const uses = await db
      .select({ tokenHash: oneTapUses.tokenHash })
      .from(oneTapUses)
      .where(eq(oneTapUses.userId, user.id));
    expect(uses.map((row) => row.tokenHash)).toEqual([recentUse]);
    const keptEvents = await db
      .select({ id: authEvents.id })
      .from(authEvents)
      .where(
        inArray(
          authEvents.id,
          events.map((row) => row.id),
        ),
      );
    expect(keptEvents.map((row) => row.id)).toEqual([events[1]!.id]);
    const keptShown = await db
      .select({ id: userNotifications.id })
      .from(userNotifications)
      .where(
        inArray(
          userNotifications.id,
          shown.map((row) => row.id),
        ),
      );
    expect(keptShown.map((row) => row.id)).toEqual([shown[1]!.id]);
    const keptImports = await db
      .select({ id: imports.id })
      .from(imports)
      .where(inArray(imports.id, [...past.map((row) => row.id), othersOnly!.id]));
    expect(keptImports.map((row) => row.id).sort()).toEqual([past[1]!.id, othersOnly!.id].sort());

    // A second pass finds nothing more to do.
    const again = await applyRetention(db, { now: t.app.clock.now(), outboxRetentionDays: 30 });
    expect(again.outboxBodies).toBe(0);
    expect(again.outbox).toBe(0);
    expect(again.imports).toBe(0);
    expect(again.webhookDeliveries).toBe(0);
  });
});
