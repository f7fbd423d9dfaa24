// Answers kept until the next write (decision 191): on PGlite /api/me and the paid requests'
// account snapshot are read once and kept while no statement that may change data is sent. Any
// write, including one past the routes (a background job, Better Auth, a rolled-back
// transaction that changed nothing), must show on the very next request; on PostgreSQL every
// request reads, so the same tests hold there.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, userSettings, verifications } from "../db/schema/index";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../tests/helpers/test-app";
import { pendingPhoneIdentifier } from "./pending-phone";

type Me = {
  user: { phoneNumber: string | null; phoneNumberVerified: boolean | null; hasPassword: boolean };
  profile: { firstName: string | null };
  settings: { theme: string | null; timezone: string };
};

describe("answers kept until the next write", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  async function me(user: TestUser): Promise<Me> {
    const res = await injectAs(t.app, user, { url: "/api/me" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Me>();
  }

  it("shows a profile and settings written past the routes on the next /api/me", async () => {
    const user = await createUser(t.app);
    await me(user);
    await me(user);
    await t.app.db.update(profiles).set({ firstName: "Written" }).where(eq(profiles.id, user.id));
    expect((await me(user)).profile.firstName).toBe("Written");
    await t.app.db.transaction(async (tx) => {
      await tx.update(userSettings).set({ theme: "dark" }).where(eq(userSettings.userId, user.id));
    });
    expect((await me(user)).settings.theme).toBe("dark");
  });

  it("shows a pending phone number kept aside, unverified, on the next /api/me", async () => {
    const user = await createUser(t.app);
    expect((await me(user)).user.phoneNumber).toBeNull();
    await t.app.db.insert(verifications).values({
      id: randomUUID(),
      identifier: pendingPhoneIdentifier(user.id),
      value: "+447700900123",
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await me(user)).user).toMatchObject({
      phoneNumber: "+447700900123",
      phoneNumberVerified: false,
      hasPassword: true,
    });
  });

  it("keeps answering the same after a rolled-back write", async () => {
    const user = await createUser(t.app);
    const before = await me(user);
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(profiles).set({ firstName: "Never" }).where(eq(profiles.id, user.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await me(user)).toEqual(before);
  });

  it("computes a paid request's day in a time zone written past the routes", async () => {
    const user = await createUser(t.app);
    const list = async () => {
      const res = await injectAs(t.app, user, { url: "/api/contacts" });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ timeZone: string }>();
    };
    await list();
    await list();
    const zone = (await list()).timeZone === "Pacific/Kiritimati" ? "UTC" : "Pacific/Kiritimati";
    await t.app.db
      .update(userSettings)
      .set({ timezone: zone })
      .where(eq(userSettings.userId, user.id));
    expect((await list()).timeZone).toBe(zone);
  });
});
