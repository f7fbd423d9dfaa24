// Saving a phone number must not tell anyone whether another account holds it. `users.phone_number` is unique, so a number another account holds is kept
// aside as this user's *pending* number (a `verifications` row, not the unique column) and the
// answer is the same as for a free number. A code texted to it proves who owns it: verifying a
// pending number moves it to whoever verified (see `claimPendingPhone`).
import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users, verifications } from "../db/schema/index";

const PENDING_DAYS = 30;

export function pendingPhoneIdentifier(userId: string): string {
  return `phone-pending:${userId}`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export async function readPendingPhone(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, pendingPhoneIdentifier(userId)));
  return row?.value ?? null;
}

export async function clearPendingPhone(db: Db | Tx, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(eq(verifications.identifier, pendingPhoneIdentifier(userId)));
}

/** The number this user sees as theirs: the pending one if any, else the stored one. */
export async function readShownPhone(
  db: Db | Tx,
  user: { id: string; phoneNumber: string | null; phoneNumberVerified: boolean | null },
): Promise<{ phoneNumber: string | null; phoneNumberVerified: boolean | null }> {
  return shownPhone(user, await readPendingPhone(db, user.id));
}

/** The rule behind readShownPhone, for a caller that read the pending number itself. */
export function shownPhone(
  user: { phoneNumber: string | null; phoneNumberVerified: boolean | null },
  pending: string | null,
): { phoneNumber: string | null; phoneNumberVerified: boolean | null } {
  if (pending) return { phoneNumber: pending, phoneNumberVerified: false };
  return { phoneNumber: user.phoneNumber, phoneNumberVerified: user.phoneNumberVerified };
}

/**
 * Saves `phone` as the user's number, unverified, whether or not another account holds it.
 * Answers whether anything changed (saving the same number keeps its verification).
 */
export async function savePhoneNumber(
  tx: Tx,
  userId: string,
  phone: string | null,
  current: { phoneNumber: string | null },
): Promise<boolean> {
  const pending = await readPendingPhone(tx, userId);
  if (phone === (pending ?? current.phoneNumber)) return false;
  await clearPendingPhone(tx, userId);
  const [held] = phone
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phoneNumber, phone), ne(users.id, userId)))
    : [];
  let isStored = false;
  if (!held) {
    try {
      // A savepoint: another account may take the number between the check and this write.
      await tx.transaction(async (sp) => {
        await sp
          .update(users)
          .set({ phoneNumber: phone, phoneNumberVerified: false })
          .where(eq(users.id, userId));
      });
      isStored = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (!isStored && phone) {
    await tx
      .update(users)
      .set({ phoneNumber: null, phoneNumberVerified: false })
      .where(eq(users.id, userId));
    const now = new Date();
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: pendingPhoneIdentifier(userId),
      value: phone,
      expiresAt: new Date(now.getTime() + PENDING_DAYS * 24 * 60 * 60 * 1000),
    });
  }
  return true;
}

/**
 * A code sent to the user's pending number was right: the number moves to them, verified, and
 * leaves the account that held it. Answers the id of that account (its text reminders need
 * switching off), or null.
 */
export async function claimPendingPhone(
  tx: Tx,
  userId: string,
  phone: string,
): Promise<string | null> {
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), ne(users.id, userId)));
  if (holder) {
    await tx
      .update(users)
      .set({ phoneNumber: null, phoneNumberVerified: false })
      .where(eq(users.id, holder.id));
  }
  await tx
    .update(users)
    .set({ phoneNumber: phone, phoneNumberVerified: true })
    .where(eq(users.id, userId));
  await clearPendingPhone(tx, userId);
  return holder?.id ?? null;
}
