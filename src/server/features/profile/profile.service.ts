// The signed-in user's profile: read (creating a missing row, backfilling a missing seed, spec
// 02 §4), the form's update with its location rule, and the avatar (generated or uploaded).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { AVATAR_IMAGE_MAX_BYTES, AVATAR_STORED_SIDE } from "../../../core/constants";
import {
  locationProblems,
  PROFILE_MESSAGES,
  type AvatarUpdate,
  type Profile,
  type ProfileUpdate,
} from "../../../core/profile";
import type { Db } from "../../db/client";
import { profiles, userSettings, users } from "../../db/schema/index";
import { getAccountRows } from "../../lib/account-rows";
import { AppError } from "../../lib/app-error";
import { reencodeImage } from "../../lib/images";
import {
  avatarKey,
  fileUrl,
  ownerOfKey,
  parseFileUrl,
  type Storage,
} from "../../lib/storage/storage";

type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow, email: string): Profile {
  const avatarType =
    row.avatarType === "custom" || row.avatarType === "initials" ? row.avatarType : "dicebear";
  return {
    email,
    firstName: row.firstName,
    lastName: row.lastName,
    avatarType,
    avatarUrl: row.avatarUrl,
    dicebearSeed: row.dicebearSeed,
    dicebearStyle: row.dicebearStyle,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    countryCode: row.countryCode,
    formattedAddress: row.formattedAddress,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

async function readEmail(db: Db, userId: string): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return user.email;
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const email = await readEmail(db, userId);
  let row = (await getAccountRows(db, userId)).profile;
  if (!row.dicebearSeed.trim()) {
    const [updated] = await db
      .update(profiles)
      .set({ dicebearSeed: randomUUID() })
      .where(and(eq(profiles.id, userId), eq(profiles.dicebearSeed, row.dicebearSeed)))
      .returning();
    row = updated ?? (await getAccountRows(db, userId)).profile;
  }
  return toProfile(row, email);
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileUpdate,
): Promise<Profile> {
  await getProfile(db, userId);
  const change = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as Partial<ProfileRow>;
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for("update");
    if (!current) throw new AppError("INTERNAL", PROFILE_MESSAGES.updateFailed);
    const problems = locationProblems({ ...current, ...change });
    const first = Object.values(problems)[0];
    if (first) throw new AppError("BAD_REQUEST", first, problems);
    if (Object.keys(change).length === 0) return;
    const [updated] = await tx
      .update(profiles)
      .set(change)
      .where(eq(profiles.id, userId))
      .returning();
    // The account's display name follows the profile, as onboarding and /api/me keep it.
    if (updated && ("firstName" in change || "lastName" in change)) {
      const name = [updated.firstName, updated.lastName].filter(Boolean).join(" ");
      if (name) await tx.update(users).set({ name }).where(eq(users.id, userId));
    }
  });
  return getProfile(db, userId);
}

/** Checks, re-encodes and stores an uploaded avatar; answers the URL "Update Avatar" saves. */
export async function storeAvatarUpload(
  deps: { storage: Storage; now: Date },
  userId: string,
  bytes: Uint8Array,
): Promise<{ url: string }> {
  const image = await reencodeImage(bytes, {
    maxBytes: AVATAR_IMAGE_MAX_BYTES,
    square: AVATAR_STORED_SIDE,
    format: "webp",
    messages: { notImage: PROFILE_MESSAGES.invalidFile, tooLarge: PROFILE_MESSAGES.tooLarge },
  });
  const key = avatarKey(userId, deps.now.getTime(), image.ext);
  await deps.storage.put("avatars", key, image.bytes, image.contentType);
  return { url: fileUrl("avatars", key) };
}

export async function updateAvatar(
  deps: { db: Db; storage: Storage },
  userId: string,
  input: AvatarUpdate,
): Promise<Profile> {
  const { db, storage } = deps;
  await getProfile(db, userId);
  let keep: string | null = null;
  if (input.avatarType === "custom") {
    const file = parseFileUrl(input.avatarUrl);
    if (!file || file.bucket !== "avatars" || ownerOfKey("avatars", file.key) !== userId)
      throw new AppError("BAD_REQUEST", "Upload an image first.");
    if (!(await storage.get("avatars", file.key)))
      throw new AppError("BAD_REQUEST", "That image is gone; please upload it again.");
    keep = file.key;
  }
  const avatar =
    input.avatarType === "custom"
      ? { avatarType: "custom", avatarUrl: input.avatarUrl }
      : {
          avatarType: "dicebear",
          avatarUrl: "",
          dicebearStyle: input.dicebearStyle,
          dicebearSeed: input.dicebearSeed,
        };
  await db.transaction(async (tx) => {
    await tx.update(profiles).set(avatar).where(eq(profiles.id, userId));
    await tx
      .update(userSettings)
      .set({
        avatarType: avatar.avatarType,
        ...(input.avatarType === "dicebear" ? { dicebearStyle: input.dicebearStyle } : {}),
      })
      .where(eq(userSettings.userId, userId));
  });
  // After the commit: earlier uploads (replaced or never used) are no one's avatar any more.
  const keys = await storage.list("avatars", `profile-avatars/${userId}-`);
  for (const key of keys) {
    if (key !== keep && ownerOfKey("avatars", key) === userId) await storage.delete("avatars", key);
  }
  return getProfile(db, userId);
}
