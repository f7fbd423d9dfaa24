// Households of one user's contacts: who is in which (a contact is in at most one), kept apart
// from the contact rows, so joining or leaving one is not an edit of anybody's card.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { contactDisplayName } from "../../../core/contacts";
import type { z } from "zod";
import type {
  Household,
  HouseholdInputSchema,
  HouseholdPatchSchema,
} from "../../../core/households";
import type { Db, Tx } from "../../db/client";
import { contacts, householdMembers, households } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { isUuid } from "./contacts.queries";

type Executor = Db | Tx;
type Input = z.output<typeof HouseholdInputSchema>;
type Patch = z.output<typeof HouseholdPatchSchema>;

export function householdNotFound(): AppError {
  return new AppError("NOT_FOUND", "That household was not found. It may have been deleted.");
}

/** The user's households among `ids` (all of them without), members by name, names A–Z. */
async function readHouseholds(db: Executor, userId: string, ids?: string[]): Promise<Household[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select({
      id: households.id,
      name: households.name,
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(households)
    .leftJoin(
      householdMembers,
      and(
        eq(householdMembers.userId, households.userId),
        eq(householdMembers.householdId, households.id),
      ),
    )
    .leftJoin(
      contacts,
      and(
        eq(contacts.userId, householdMembers.userId),
        eq(contacts.id, householdMembers.contactId),
      ),
    )
    .where(and(eq(households.userId, userId), ids ? inArray(households.id, ids) : undefined))
    .orderBy(asc(households.name), asc(households.id), asc(contacts.firstName), asc(contacts.id));
  const byId = new Map<string, Household>();
  for (const row of rows) {
    const household = byId.get(row.id) ?? { id: row.id, name: row.name, members: [] };
    byId.set(row.id, household);
    if (row.contactId) {
      household.members.push({ id: row.contactId, name: contactDisplayName(row as never) });
    }
  }
  return [...byId.values()];
}

export function listHouseholds(db: Executor, userId: string): Promise<Household[]> {
  return readHouseholds(db, userId);
}

export async function getHousehold(db: Executor, userId: string, id: string): Promise<Household> {
  const [household] = isUuid(id) ? await readHouseholds(db, userId, [id]) : [];
  if (!household) throw householdNotFound();
  return household;
}

/** The household a contact is in, or null. */
export async function findHouseholdOf(
  db: Executor,
  userId: string,
  contactId: string,
): Promise<Household | null> {
  const [member] = await db
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(and(eq(householdMembers.userId, userId), eq(householdMembers.contactId, contactId)));
  if (!member) return null;
  const [household] = await readHouseholds(db, userId, [member.householdId]);
  return household ?? null;
}

/**
 * The household of each of `contactIds` that is in one. The digest reads many users' at once:
 * `userIds` are the contacts' owners, so the key (user_id, contact_id) finds them.
 */
export async function listMemberships(
  db: Executor,
  owned: { userIds: string[]; contactIds: string[] },
) {
  const { userIds, contactIds } = owned;
  if (contactIds.length === 0) return [];
  return db
    .select({
      userId: householdMembers.userId,
      contactId: householdMembers.contactId,
      householdId: householdMembers.householdId,
      name: households.name,
    })
    .from(householdMembers)
    .innerJoin(
      households,
      and(
        eq(households.userId, householdMembers.userId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(
      and(
        inArray(householdMembers.userId, userIds),
        inArray(householdMembers.contactId, contactIds),
      ),
    );
}

/**
 * Makes `contactIds` the household's members: 404 when any is not the user's contact, 409 when
 * one is in another household already (they leave that one first, on purpose).
 */
async function setMembers(tx: Tx, userId: string, householdId: string, contactIds: string[]) {
  const found = contactIds.every(isUuid)
    ? await tx
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
        .from(contacts)
        .where(and(eq(contacts.userId, userId), inArray(contacts.id, contactIds)))
    : [];
  if (found.length !== contactIds.length) {
    throw new AppError(
      "NOT_FOUND",
      contactIds.length === 1
        ? "That contact was not found. It may have been deleted."
        : "Some of those contacts were not found. They may have been deleted.",
    );
  }
  const [taken] = await tx
    .select({ contactId: householdMembers.contactId, name: households.name })
    .from(householdMembers)
    .innerJoin(
      households,
      and(
        eq(households.userId, householdMembers.userId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(
      and(
        eq(householdMembers.userId, userId),
        inArray(householdMembers.contactId, contactIds),
        ne(householdMembers.householdId, householdId),
      ),
    )
    .limit(1);
  if (taken) {
    const person = found.find((c) => c.id === taken.contactId)!;
    throw new AppError(
      "CONFLICT",
      `${contactDisplayName(person)} is already in ${taken.name}. Take them out of it first.`,
    );
  }
  await tx
    .delete(householdMembers)
    .where(and(eq(householdMembers.userId, userId), eq(householdMembers.householdId, householdId)));
  const inserted = await tx
    .insert(householdMembers)
    .values(contactIds.map((contactId) => ({ userId, householdId, contactId })))
    .onConflictDoNothing()
    .returning({ contactId: householdMembers.contactId });
  // Another request put one of them in a household since the check above.
  if (inserted.length !== contactIds.length) {
    throw new AppError(
      "CONFLICT",
      "One of those people was just put in another household. Reload and try again.",
    );
  }
}

export async function createHousehold(
  db: Db,
  input: Input,
  userId: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(households)
      .values({ userId, name: input.name })
      .returning({ id: households.id });
    await setMembers(tx, userId, row!.id, input.contactIds);
    return { id: row!.id };
  });
}

export async function updateHousehold(
  db: Db,
  id: string,
  patch: Patch,
  options: { userId: string; now: Date },
): Promise<Household> {
  const { userId, now } = options;
  if (!isUuid(id)) throw householdNotFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(households)
      .set({ ...(patch.name === undefined ? {} : { name: patch.name }), updatedAt: now })
      .where(and(eq(households.userId, userId), eq(households.id, id)))
      .returning({ id: households.id });
    if (!row) throw householdNotFound();
    if (patch.contactIds) await setMembers(tx, userId, id, patch.contactIds);
    return getHousehold(tx, userId, id);
  });
}

/** Deletes the household; its people stay as contacts. */
export async function deleteHousehold(db: Db, id: string, userId: string): Promise<void> {
  if (!isUuid(id)) throw householdNotFound();
  const deleted = await db
    .delete(households)
    .where(and(eq(households.userId, userId), eq(households.id, id)))
    .returning({ id: households.id });
  if (deleted.length === 0) throw householdNotFound();
}
