// Profile and settings rows, created with the spec's defaults whenever they are missing: several
// features (auth, account, onboarding, settings) need them, so they live below all of them.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles, userSettings } from "../db/schema/index";

export async function ensureAccountRows(db: Db, userId: string): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, dicebearSeed: randomUUID(), avatarType: "dicebear", avatarUrl: "" })
    .onConflictDoNothing();
  await db.insert(userSettings).values({ userId }).onConflictDoNothing();
}

export async function getAccountRows(db: Db, userId: string) {
  let [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  let [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!profile || !settings) {
    await ensureAccountRows(db, userId);
    [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  }
  if (!profile || !settings) throw new Error(`account rows missing for ${userId}`);
  return { profile, settings };
}
