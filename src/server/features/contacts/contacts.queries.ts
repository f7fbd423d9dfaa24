// Drizzle reads and writes of one user's contacts. Every function takes the user's id and
// filters by it, so another user's contact is simply not found.
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { contacts, interactions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactRow } from "./contact-columns";
import { listRelationshipRows, touchContacts, viewFrom } from "./relationships.queries";

type Executor = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function contactNotFound(): AppError {
  return new AppError("NOT_FOUND", "That contact was not found. It may have been deleted.");
}

type RowOptions = { forUpdate?: boolean };

export async function findContactRow(
  db: Executor,
  userId: string,
  contactId: string,
  options: RowOptions = {},
): Promise<ContactRow | undefined> {
  if (!isUuid(contactId)) return undefined;
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

export async function getContactRow(
  db: Executor,
  userId: string,
  contactId: string,
  options: RowOptions = {},
): Promise<ContactRow> {
  const row = await findContactRow(db, userId, contactId, options);
  if (!row) throw contactNotFound();
  return row;
}

/** Every contact of the user. */
export async function listContactRows(db: Executor, userId: string): Promise<ContactRow[]> {
  return db.select().from(contacts).where(eq(contacts.userId, userId));
}

/**
 * The user's contacts in id order after `afterId`: a page that stays put while contacts change
 * (an edit never moves a contact, a new one lands wherever its id falls). `limit` only when no
 * filter is left to apply after the query.
 */
export async function listContactPageRows(
  db: Executor,
  userId: string,
  page: { afterId?: string; isArchived: boolean; updatedSince?: Date; limit?: number },
): Promise<ContactRow[]> {
  const query = db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        page.isArchived ? isNotNull(contacts.archivedAt) : isNull(contacts.archivedAt),
        page.afterId ? gt(contacts.id, page.afterId) : undefined,
        page.updatedSince ? gte(contacts.updatedAt, page.updatedSince) : undefined,
      ),
    )
    .orderBy(asc(contacts.id));
  return page.limit === undefined ? query : query.limit(page.limit);
}

export async function updateContactRow(
  db: Executor,
  userId: string,
  contactId: string,
  values: Partial<typeof contacts.$inferInsert>,
): Promise<ContactRow> {
  if (!isUuid(contactId)) throw contactNotFound();
  // Nothing to change (a save that changed nothing): nothing to write, updatedAt included.
  if (Object.keys(values).length === 0) return getContactRow(db, userId, contactId);
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .returning();
  if (!row) throw contactNotFound();
  return row;
}

/** Deletes a contact; answers the key of its stored photo, for the caller to remove after. */
export async function deleteContactRow(
  db: Executor,
  userId: string,
  contactId: string,
): Promise<string | null> {
  if (!isUuid(contactId)) throw contactNotFound();
  const related = (await listRelationshipRows(db, userId, [contactId])).map(
    (row) => viewFrom(row, contactId).otherId,
  );
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id, photoKey: contacts.photoKey });
  if (deleted.length === 0) throw contactNotFound();
  // The links went with the contact: the other people's cards lose their RELATED line.
  await touchContacts(db, userId, related);
  return deleted[0]!.photoKey;
}

/** The user's contacts among `ids`, or carrying `tag` (ignoring case); not archived ones by tag. */
export async function selectContactsFor(
  db: Executor,
  userId: string,
  target: { contactIds?: string[]; tag?: string },
): Promise<ContactRow[]> {
  if (target.contactIds?.length) {
    return db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, target.contactIds)));
  }
  const tag = (target.tag ?? "").toLocaleLowerCase();
  return db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        isNull(contacts.archivedAt),
        sql`exists (select 1 from unnest(${contacts.tags}) as t(tag) where lower(t.tag) = ${tag})`,
      ),
    );
}

/** How many history entries a contact has. */
export async function countHistory(db: Executor, userId: string, contactId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(interactions)
    .where(and(eq(interactions.userId, userId), eq(interactions.contactId, contactId)));
  return row?.n ?? 0;
}
