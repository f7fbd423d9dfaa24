// Device passwords: created with a generated secret (shown once, kept as its SHA-256: the
// secret has ~100 bits of entropy, so a slow hash adds nothing), listed, revoked, and checked
// on every CardDAV request.
import { createHash, randomInt } from "node:crypto";
import { and, asc, count, eq, isNull, lt, or } from "drizzle-orm";
import { DEVICES_MAX, type Device, type DeviceCreateInput } from "../../../core/devices";
import type { Db } from "../../db/client";
import { devicePasswords, users, type DeviceAccess } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

// No 0/o, 1/l/i: the password is typed on a phone's keyboard.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 5;
const GROUP_CHARS = 4;
/** last_used_at is written at most this often per device, not on every request of a sync. */
const LAST_USED_STEP_MS = 60_000;

export function generateDevicePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_CHARS; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

export function hashDevicePassword(password: string): string {
  return createHash("sha256").update(password.trim().toLowerCase()).digest("hex");
}

type DeviceRow = typeof devicePasswords.$inferSelect;

function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listDevices(db: Db, userId: string): Promise<Device[]> {
  const rows = await db
    .select()
    .from(devicePasswords)
    .where(eq(devicePasswords.userId, userId))
    .orderBy(asc(devicePasswords.createdAt), asc(devicePasswords.id));
  return rows.map(toDevice);
}

export async function createDevice(
  db: Db,
  userId: string,
  input: Required<DeviceCreateInput>,
): Promise<{ device: Device; password: string }> {
  const password = generateDevicePassword();
  const row = await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(devicePasswords)
      .where(eq(devicePasswords.userId, userId));
    if ((held?.n ?? 0) >= DEVICES_MAX) {
      throw new AppError(
        "LIMIT_REACHED",
        `You have ${DEVICES_MAX} device passwords. Revoke one you no longer use first.`,
      );
    }
    const [created] = await tx
      .insert(devicePasswords)
      .values({
        userId,
        name: input.name,
        access: input.access,
        secretHash: hashDevicePassword(password),
      })
      .returning();
    return created!;
  });
  return { device: toDevice(row), password };
}

export async function revokeDevice(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(devicePasswords)
    .where(and(eq(devicePasswords.id, id), eq(devicePasswords.userId, userId)))
    .returning({ id: devicePasswords.id });
  if (removed.length === 0)
    throw new AppError("NOT_FOUND", "That device password is not in your list any more.");
}

export type DeviceSignIn = {
  deviceId: string;
  userId: string;
  email: string;
  access: DeviceAccess;
};

/**
 * The device a Basic sign-in names, or null: the user name must be the account's email and the
 * password one of its device passwords (never the account's own password).
 */
export async function findDeviceSignIn(
  db: Db,
  options: { username: string; password: string; now: Date },
): Promise<DeviceSignIn | null> {
  const [row] = await db
    .select({
      deviceId: devicePasswords.id,
      userId: devicePasswords.userId,
      email: users.email,
      access: devicePasswords.access,
      lastUsedAt: devicePasswords.lastUsedAt,
    })
    .from(devicePasswords)
    .innerJoin(users, eq(users.id, devicePasswords.userId))
    .where(eq(devicePasswords.secretHash, hashDevicePassword(options.password)));
  if (!row || row.email.toLowerCase() !== options.username.trim().toLowerCase()) return null;
  const stale = new Date(options.now.getTime() - LAST_USED_STEP_MS);
  if (!row.lastUsedAt || row.lastUsedAt < stale) {
    await db
      .update(devicePasswords)
      .set({ lastUsedAt: options.now })
      .where(
        and(
          eq(devicePasswords.id, row.deviceId),
          or(isNull(devicePasswords.lastUsedAt), lt(devicePasswords.lastUsedAt, stale)),
        ),
      );
  }
  return { deviceId: row.deviceId, userId: row.userId, email: row.email, access: row.access };
}

export async function revokeAllDevices(db: Db, userId: string): Promise<void> {
  await db.delete(devicePasswords).where(eq(devicePasswords.userId, userId));
}
