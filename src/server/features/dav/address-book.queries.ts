// The address book as CardDAV sees it: each card's href and version (its ETag), the book's
// version (its sync token and ctag), and the cards changed since a version. Every query is
// under the device's user; an archived contact is not in the book.
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { addressBookCards, contactListVersions, contacts } from "../../db/schema/index";
import type { ContactRow } from "../contacts/contacts.public";

export type CardRef = {
  contactId: string;
  version: number;
  hrefName: string | null;
  uid: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A card's file name in the book: the one its phone gave it, else the contact's id. */
export function cardName(card: Pick<CardRef, "contactId" | "hrefName">): string {
  return card.hrefName ?? `${card.contactId}.vcf`;
}

/** The contact a name without a phone's own name stands for ("<id>.vcf"), or null. */
function contactIdOfName(name: string): string | null {
  const id = name.replace(/\.vcf$/i, "");
  return UUID.test(id) && name.toLowerCase().endsWith(".vcf") ? id.toLowerCase() : null;
}

export async function getBookVersion(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: contactListVersions.version })
    .from(contactListVersions)
    .where(eq(contactListVersions.userId, userId));
  return row?.version ?? 0;
}

const cardColumns = {
  contactId: addressBookCards.contactId,
  version: addressBookCards.version,
  hrefName: addressBookCards.hrefName,
  uid: addressBookCards.uid,
};

export type FoundCard = CardRef & { contact: ContactRow };

/**
 * The user's cards with their contacts: those in the book (not archived), or archived ones too
 * (a PUT or DELETE finds a card the phone no longer sees), narrowed by `where`.
 */
export async function selectCards(
  db: Db | Tx,
  userId: string,
  options: { where?: SQL; isArchivedIncluded?: boolean; limit?: number } = {},
): Promise<FoundCard[]> {
  const query = db
    .select({ ...cardColumns, contact: contacts })
    .from(addressBookCards)
    .innerJoin(
      contacts,
      and(eq(contacts.id, addressBookCards.contactId), eq(contacts.userId, userId)),
    )
    .where(
      and(
        eq(addressBookCards.userId, userId),
        eq(addressBookCards.isDeleted, false),
        options.isArchivedIncluded ? undefined : isNull(contacts.archivedAt),
        options.where,
      ),
    )
    .orderBy(asc(addressBookCards.version), asc(addressBookCards.contactId));
  return options.limit ? query.limit(options.limit) : query;
}

/** Cards by name: the phone's own name, or "<contact id>.vcf" for a card it did not name. */
export function byNames(names: string[]): SQL | undefined {
  const ids = names.map(contactIdOfName).filter((id): id is string => id !== null);
  return or(
    names.length > 0 ? inArray(addressBookCards.hrefName, names) : undefined,
    ids.length > 0
      ? and(isNull(addressBookCards.hrefName), inArray(addressBookCards.contactId, ids))
      : undefined,
  );
}

/** The card a name stands for, archived or not; undefined when there is none. */
export async function findCard(
  db: Db | Tx,
  userId: string,
  name: string,
): Promise<FoundCard | undefined> {
  const [card] = await selectCards(db, userId, {
    where: byNames([name]),
    isArchivedIncluded: true,
    limit: 1,
  });
  return card;
}

export type CardChange = { name: string; version: number; isRemoved: boolean };

/** Cards changed after `version`: those gone or archived since are removed from the phone. */
export async function listChangesSince(
  db: Db,
  userId: string,
  version: number,
): Promise<CardChange[]> {
  const rows = await db
    .select({
      ...cardColumns,
      isDeleted: addressBookCards.isDeleted,
      archivedAt: contacts.archivedAt,
      contactUser: contacts.userId,
    })
    .from(addressBookCards)
    .leftJoin(contacts, eq(contacts.id, addressBookCards.contactId))
    .where(and(eq(addressBookCards.userId, userId), gt(addressBookCards.version, version)))
    .orderBy(asc(addressBookCards.version), asc(addressBookCards.contactId));
  return rows.map((row) => ({
    name: cardName(row),
    version: row.version,
    isRemoved: row.isDeleted || row.contactUser !== userId || row.archivedAt !== null,
  }));
}

/** Keeps the name and UID a phone gave the card it created. */
export async function nameCard(
  tx: Tx,
  options: { userId: string; contactId: string; hrefName: string | null; uid: string | null },
): Promise<void> {
  await tx
    .update(addressBookCards)
    .set({ hrefName: options.hrefName, uid: options.uid })
    .where(
      and(
        eq(addressBookCards.userId, options.userId),
        eq(addressBookCards.contactId, options.contactId),
      ),
    );
}

/** Whether another card of the user already goes by this name (a tombstone keeps its name). */
export async function isNameTaken(tx: Tx, userId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`1` })
    .from(addressBookCards)
    .where(and(eq(addressBookCards.userId, userId), eq(addressBookCards.hrefName, name)))
    .limit(1);
  return Boolean(row);
}
