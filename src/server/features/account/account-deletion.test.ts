// Deleting an account leaves no row in any table that references users (read from the schema,
// so a table added later is covered) and no stored file; a wrong password deletes nothing.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../../../../tests/helpers/images-kit";
import { multipart } from "../../../../tests/helpers/import-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import {
  addDueContact,
  createReminderUser,
  digestsTo,
  linksIn,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { authEvents, notifications, outbox, userNotifications, users } from "../../db/schema/index";
import { listUserOwnedTables } from "./account-deletion";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

async function fillAccount(user: TestUser) {
  const contact = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/contacts",
    payload: { firstName: "Grace", lastName: "Hopper" },
  });
  expect(contact.statusCode).toBe(201);
  await injectAs(t.app, user, {
    method: "PATCH",
    url: "/api/profile",
    payload: { firstName: "Ada", city: "Lisbon", country: "Portugal" },
  });
  const body = await multipart({ name: "me.png", content: await makePng(), type: "image/png" });
  const upload = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/profile/avatar/upload",
    ...body,
  });
  const { url } = upload.json<{ url: string }>();
  await injectAs(t.app, user, {
    method: "PUT",
    url: "/api/profile/avatar",
    payload: { avatarType: "custom", avatarUrl: url },
  });
  await t.app.db.insert(authEvents).values({ userId: user.id, eventType: "SIGNED_IN" });
}

async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, table, column } of listUserOwnedTables()) {
    const [row] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(column, userId));
    counts[name] = (counts[name] ?? 0) + (row?.n ?? 0);
  }
  return counts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe("DELETE /api/account", () => {
  it("finds the user-owned tables in the schema", () => {
    const names = listUserOwnedTables().map((t) => t.name);
    for (const name of [
      "profiles",
      "user_settings",
      "contacts",
      "sessions",
      "accounts",
      "auth_events",
      "outbox",
    ])
      expect(names).toContain(name);
  });

  it("refuses a wrong password and deletes nothing", async () => {
    const user = await createUser(t.app);
    await fillAccount(user);
    const before = await rowsOf(user.id);
    const res = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/account",
      payload: { password: "not-my-password" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: "That password is not right." } });
    expect(await rowsOf(user.id)).toEqual(before);
    expect(await t.app.storage.list("avatars", `profile-avatars/${user.id}-`)).toHaveLength(1);
  });

  it("removes every row and file of the user, keeps others', signs out and says goodbye", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await fillAccount(user);
    await fillAccount(other);
    const before = await rowsOf(user.id);
    expect(before.contacts).toBe(1);
    expect(before.profiles).toBe(1);
    expect(before.auth_events).toBeGreaterThan(0);
    const otherBefore = await rowsOf(other.id);

    const res = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/account",
      payload: { password: "correct-horse-1" },
    });
    expect(res.statusCode).toBe(204);

    expect(total(await rowsOf(user.id))).toBe(0);
    expect(await t.app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.app.storage.list("avatars", `profile-avatars/${user.id}-`)).toEqual([]);
    expect(await t.app.storage.list("feedback_attachments", `${user.id}/`)).toEqual([]);
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    expect(await t.app.storage.list("avatars", `profile-avatars/${other.id}-`)).toHaveLength(1);

    // The old session no longer works, and the goodbye mail waits in the outbox.
    expect((await injectAs(t.app, user, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.kind, "account-deleted")));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.userId).toBeNull();
  });

  it("leaves no reminder text behind, and the deleted account's mail links answer as expired", async () => {
    setNow(t.app, "2026-04-10T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await addDueContact(t.app, user, { firstName: "Secret", lastName: "Friend" });
    setNow(t.app, "2026-04-10T06:00:01Z");
    await runJobs(t.app);
    const [digest] = await digestsTo(t.app, user.email);
    const links = [
      ...linksIn(digest!.text, "Mark contacted"),
      ...linksIn(digest!.text, "Stop reminder emails"),
    ].map((url) => new URL(url).pathname);
    expect(links).toHaveLength(2);
    const notificationIds = (
      await t.app.db
        .select({ id: userNotifications.notificationId })
        .from(userNotifications)
        .where(eq(userNotifications.userId, user.id))
    ).map((row) => row.id);
    expect(notificationIds).toHaveLength(1);

    const res = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/account",
      payload: { password: "correct-horse-1" },
    });
    expect(res.statusCode).toBe(204);

    const left = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationIds[0]!));
    expect(left).toEqual([]);
    for (const url of links) {
      for (const method of ["GET", "POST"] as const) {
        const page = await t.app.inject({ method, url });
        expect(page.statusCode, `${method} ${url}`).toBe(410);
        expect(page.body).toContain("This link has expired");
      }
    }
  });
});
