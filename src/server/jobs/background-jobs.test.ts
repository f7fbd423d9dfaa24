import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReminderUser, deliveriesOf, setNow } from "../../../tests/helpers/reminders-kit";
import { build, type TestApp } from "../../../tests/helpers/test-app";
import { outbox } from "../db/schema/index";
import { startBackgroundJobs } from "./background-jobs";

describe("background jobs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SCHEDULER_INTERVAL_SECONDS: "0.05", OUTBOX_INTERVAL_SECONDS: "0.05" });
  });
  afterAll(async () => t.close());

  it("send due reminders on their own, warn about a message stuck for 15 minutes, and stop cleanly", async () => {
    setNow(t.app, "2026-02-01T08:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "9" });
    await t.app.db.insert(outbox).values({
      channel: "email",
      kind: "test",
      to: "stuck@example.com",
      text: "stuck",
      createdAt: new Date(Date.now() - 20 * 60_000),
      nextAttemptAt: new Date("2099-01-01T00:00:00Z"),
    });
    const warnings: string[] = [];
    const log = Object.create(t.app.log) as typeof t.app.log;
    log.warn = (obj: unknown, msg?: string) => void warnings.push(msg ?? String(obj));
    const stop = startBackgroundJobs({ ...t.app.services, log });
    try {
      setNow(t.app, "2026-02-01T09:00:05Z");
      for (let i = 0; i < 400 && (await deliveriesOf(t.app, user.id))[0]?.status !== "sent"; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await deliveriesOf(t.app, user.id)).map((d) => d.status)).toEqual(["sent"]);
      expect(warnings).toContain("a message has waited over 15 minutes to be sent");
    } finally {
      await stop();
    }
  });
});
