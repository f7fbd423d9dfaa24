// Drizzle reads and writes of one user's relationships; every function takes the user's id.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import {
  canonicalRelationship,
  inverseRelationshipType,
  relationshipTypeKey,
  type Relationship,
} from "../../../core/relationships";
import type { Db, Tx } from "../../db/client";
import { contacts, relationships } from "../../db/schema/index";

type Executor = Db | Tx;

export type RelationshipRow = typeof relationships.$inferSelect;

/** A relationship row as JSON (the time as an ISO string), for an undo. */
export type StoredRelationship = Omit<RelationshipRow, "createdAt"> & { createdAt: string };

/** Links that name any of `contactIds`, on either side. */
export async function listRelationshipRows(
  db: Executor,
  userId: string,
  contactIds: string[],
): Promise<RelationshipRow[]> {
  if (contactIds.length === 0) return [];
  return db
    .select()
    .from(relationships)
    .where(
      and(
        eq(relationships.userId, userId),
        or(
          inArray(relationships.contactId, contactIds),
          inArray(relationships.relatedContactId, contactIds),
        ),
      ),
    );
}

/** Every link of the user, for the exports. */
export async function listAllRelationshipRows(db: Executor, userId: string) {
  return db
    .select()
    .from(relationships)
    .where(eq(relationships.userId, userId))
    .orderBy(relationships.createdAt, relationships.id);
}

/**
 * Stores a link once (lower id first); answers the row, or undefined when the same link is
 * there already.
 */
export async function insertRelationship(
  tx: Executor,
  userId: string,
  link: { contactId: string; relatedId: string; type: string },
): Promise<RelationshipRow | undefined> {
  const stored = canonicalRelationship(link);
  const [row] = await tx
    .insert(relationships)
    .values({
      userId,
      contactId: stored.contactId,
      relatedContactId: stored.relatedId,
      type: stored.type,
      typeKey: relationshipTypeKey(stored.type),
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Touches the contacts a link names, so their cards' versions move and phones fetch the card
 * again with its RELATED lines; nothing else about the contacts changes.
 */
export async function touchContacts(tx: Executor, userId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  await tx.execute(
    sql`update ${contacts} set "user_id" = "user_id" where "user_id" = ${userId} and "id" in (${sql.join(
      contactIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/** The link as `contactId` sees it: the other person and what they are to this contact. */
export function viewFrom(
  row: RelationshipRow,
  contactId: string,
): { otherId: string; type: string } {
  return row.contactId === contactId
    ? { otherId: row.relatedContactId, type: row.type }
    : { otherId: row.contactId, type: inverseRelationshipType(row.type) };
}

async function selectPeople(db: Executor, userId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, Relationship["other"]>();
  const found = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      archivedAt: contacts.archivedAt,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, [...new Set(ids)])));
  return new Map(
    found.map(({ archivedAt, ...person }) => [
      person.id,
      { ...person, isArchived: Boolean(archivedAt) },
    ]),
  );
}

const byOtherName = (a: Relationship, b: Relationship) =>
  `${a.other.firstName} ${a.other.lastName}`.localeCompare(
    `${b.other.firstName} ${b.other.lastName}`,
  ) || a.createdAt.localeCompare(b.createdAt);

/**
 * Each contact's links as it sees them, with the other people's names, by name: of
 * `contactIds`, or of every contact when none are given (the exports).
 */
export async function listRelationshipsFor(
  db: Executor,
  userId: string,
  contactIds?: string[],
): Promise<Map<string, Relationship[]>> {
  const rows = contactIds
    ? await listRelationshipRows(db, userId, contactIds)
    : await listAllRelationshipRows(db, userId);
  const people = await selectPeople(
    db,
    userId,
    rows.flatMap((row) => [row.contactId, row.relatedContactId]),
  );
  const wanted = contactIds ? new Set(contactIds) : null;
  const out = new Map<string, Relationship[]>();
  for (const row of rows) {
    for (const side of [row.contactId, row.relatedContactId]) {
      if (wanted && !wanted.has(side)) continue;
      const { otherId, type } = viewFrom(row, side);
      const link = {
        id: row.id,
        type,
        other: people.get(otherId)!,
        createdAt: row.createdAt.toISOString(),
      };
      out.set(side, [...(out.get(side) ?? []), link]);
    }
  }
  for (const links of out.values()) links.sort(byOtherName);
  return out;
}

/** A contact's links with the other people's names, by name. */
export async function listRelationshipsOf(
  db: Executor,
  userId: string,
  contactId: string,
): Promise<Relationship[]> {
  return (await listRelationshipsFor(db, userId, [contactId])).get(contactId) ?? [];
}

/**
 * A merge's part: links that name a copy name the kept contact instead, keeping their ids;
 * a link between the copies and the kept contact, or one the kept contact has already, goes.
 * Answers every row as it was, for the undo.
 */
export async function moveRelationships(
  tx: Tx,
  userId: string,
  keepId: string,
  copyIds: string[],
): Promise<RelationshipRow[]> {
  const found = await listRelationshipRows(tx, userId, copyIds);
  if (found.length === 0) return [];
  await tx.delete(relationships).where(
    and(
      eq(relationships.userId, userId),
      inArray(
        relationships.id,
        found.map((row) => row.id),
      ),
    ),
  );
  const swap = (id: string) => (copyIds.includes(id) ? keepId : id);
  for (const row of found) {
    const contactId = swap(row.contactId);
    const relatedId = swap(row.relatedContactId);
    if (contactId === relatedId) continue;
    const stored = canonicalRelationship({ contactId, relatedId, type: row.type });
    await tx
      .insert(relationships)
      .values({
        ...row,
        contactId: stored.contactId,
        relatedContactId: stored.relatedId,
        type: stored.type,
        typeKey: relationshipTypeKey(stored.type),
      })
      .onConflictDoNothing();
  }
  const others = found.flatMap((row) => [row.contactId, row.relatedContactId]);
  await touchContacts(
    tx,
    userId,
    [...new Set(others)].filter((id) => id !== keepId && !copyIds.includes(id)),
  );
  return found;
}

/** Undo of `moveRelationships`: the moved links go back to the rows they were, ids and all. */
export async function restoreRelationships(tx: Tx, userId: string, rows: RelationshipRow[]) {
  if (rows.length === 0) return;
  await tx.delete(relationships).where(
    and(
      eq(relationships.userId, userId),
      inArray(
        relationships.id,
        rows.map((row) => row.id),
      ),
    ),
  );
  await tx.insert(relationships).values(rows).onConflictDoNothing();
  await touchContacts(tx, userId, [
    ...new Set(rows.flatMap((row) => [row.contactId, row.relatedContactId])),
  ]);
}
