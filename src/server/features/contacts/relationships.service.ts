// Linking two of a user's contacts, reading a contact's links from its side, and removing one
// with an undo that puts the same row back.
import { and, eq, or } from "drizzle-orm";
import { contactDisplayName } from "../../../core/contact-display";
import { STALE_UNDO_MESSAGE } from "../../../core/interactions";
import {
  describeRelationship,
  type Relationship,
  type RelationshipInput,
} from "../../../core/relationships";
import type { Db, Tx } from "../../db/client";
import { relationships } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactContext } from "./contact-context";
import { contactNotFound, findContactRow, getContactRow, isUuid } from "./contacts.queries";
import {
  insertRelationship,
  listRelationshipsOf,
  touchContacts,
  type StoredRelationship,
} from "./relationships.queries";
import { insertUndo } from "./undo.service";

function relationshipNotFound(): AppError {
  return new AppError(
    "NOT_FOUND",
    "That relationship was not found. It may have been removed already.",
  );
}

export async function listRelationships(db: Db, userId: string, contactId: string) {
  await getContactRow(db, userId, contactId);
  return listRelationshipsOf(db, userId, contactId);
}

/**
 * Links `contactId` to another of the user's contacts: `type` is what the other person is to
 * this one. 404 for a contact that is not the user's; 400 for a self-link or a link already there.
 */
export async function createRelationship(
  db: Db,
  contactId: string,
  input: RelationshipInput,
  ctx: ContactContext,
): Promise<Relationship> {
  const { userId } = ctx;
  return db.transaction(async (tx) => {
    const contact = await getContactRow(tx, userId, contactId);
    const other = await findContactRow(tx, userId, input.relatedContactId);
    if (!other) {
      throw new AppError(
        "NOT_FOUND",
        "The person you chose was not found. They may have been deleted; choose someone else.",
      );
    }
    if (other.id === contact.id) {
      throw new AppError(
        "BAD_REQUEST",
        "A contact can't be related to themselves. Choose someone else.",
        { relatedContactId: "Choose someone else." },
      );
    }
    const row = await insertRelationship(tx, userId, {
      contactId: contact.id,
      relatedId: other.id,
      type: input.type,
    });
    if (!row) {
      const line = describeRelationship({
        otherName: contactDisplayName(other),
        contactName: contactDisplayName(contact),
        type: input.type,
      });
      throw new AppError("BAD_REQUEST", `That link is there already: ${line}.`, {
        type: "This link is there already.",
      });
    }
    await touchContacts(tx, userId, [contact.id, other.id]);
    const views = await listRelationshipsOf(tx, userId, contact.id);
    return views.find((v) => v.id === row.id)!;
  });
}

/** Removes one of the contact's links (404 when it is not this contact's); answers its undo. */
export async function deleteRelationship(
  db: Db,
  contactId: string,
  relationshipId: string,
  ctx: ContactContext,
): Promise<{ undoId: string }> {
  const { userId } = ctx;
  if (!isUuid(contactId)) throw contactNotFound();
  if (!isUuid(relationshipId)) throw relationshipNotFound();
  return db.transaction(async (tx) => {
    await getContactRow(tx, userId, contactId);
    const [row] = await tx
      .delete(relationships)
      .where(
        and(
          eq(relationships.userId, userId),
          eq(relationships.id, relationshipId),
          or(eq(relationships.contactId, contactId), eq(relationships.relatedContactId, contactId)),
        ),
      )
      .returning();
    if (!row) throw relationshipNotFound();
    await touchContacts(tx, userId, [row.contactId, row.relatedContactId]);
    const stored: StoredRelationship = { ...row, createdAt: row.createdAt.toISOString() };
    const undoId = await insertUndo(tx, {
      userId,
      action: "relationship",
      payload: { relationship: stored },
    });
    return { undoId };
  });
}

/** Puts a removed link back as it was; 409 when either person is gone or it is there again. */
export async function undoRelationshipRemoval(
  tx: Tx,
  payload: { relationship: StoredRelationship },
  userId: string,
) {
  const stored = payload.relationship;
  for (const id of [stored.contactId, stored.relatedContactId]) {
    if (!(await findContactRow(tx, userId, id, { forUpdate: true }))) {
      throw new AppError("CONFLICT", STALE_UNDO_MESSAGE);
    }
  }
  const [row] = await tx
    .insert(relationships)
    .values({ ...stored, userId, createdAt: new Date(stored.createdAt) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("CONFLICT", STALE_UNDO_MESSAGE);
  await touchContacts(tx, userId, [stored.contactId, stored.relatedContactId]);
}
