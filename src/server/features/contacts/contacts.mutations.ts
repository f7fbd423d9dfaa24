// Creating, editing and bulk-editing contacts: each one transaction, each under the user's id.
import { and, eq } from "drizzle-orm";
import {
  NAME_REQUIRED,
  STALE_CONTACT_MESSAGE,
  type ContactCreateInput,
  type ContactPatch,
} from "../../../core/contacts";
import type { BulkRhythmInput } from "../../../core/interactions";
import { effectiveRhythm, type GroupRhythm } from "../../../core/group-rhythms";
import { isSameRhythm, startOfLocalDate, toLocalDate, type Rhythm } from "../../../core/rhythm";
import type { Db, Tx } from "../../db/client";
import { contacts, interactions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactContext } from "./contact-context";
import { getContactRow, selectContactsFor, updateContactRow } from "./contacts.queries";
import { contactValuesFromInput, type ContactRow, type ContactValues } from "./contact-columns";
import { timeZoneColumnsFor } from "./contact-time-zone";
import { assertContactCapacity, newContactValues, rhythmOf } from "./contacts.service";
import { loadGroupRhythms } from "./group-rhythms.queries";
import { ownRhythmOf, rhythmColumnsFor } from "./group-rhythms.service";
import { recordUndo } from "./undo.service";
import { emitWebhookEvent } from "../webhooks/webhooks.public";
import { toContact } from "./contact-view";

type Ctx = ContactContext;

const HOUR_MS = 3_600_000;

/** Noon of a past day in the user's zone (or now, for today) as the time of a first contact. */
function lastContactInstant(day: string, ctx: Ctx): Date {
  if (day > toLocalDate(ctx.now, ctx.timeZone)) {
    throw new AppError("BAD_REQUEST", "The last contact can't be in the future.", {
      lastContactedOn: "Choose today or an earlier day",
    });
  }
  const noon = new Date(startOfLocalDate(day, ctx.timeZone).getTime() + 12 * HOUR_MS);
  return noon < ctx.now ? noon : ctx.now;
}

/** A contact change as a webhook event, written in the change's own transaction. */
export function emitContactEvent(
  tx: Tx,
  type: "contact.created" | "contact.updated" | "contact.archived",
  row: ContactRow,
  ctx: Ctx,
) {
  return emitWebhookEvent(tx, {
    userId: ctx.userId,
    type,
    now: ctx.now,
    data: { contact: toContact(row, ctx) },
  });
}

export async function createContact(
  db: Db,
  input: ContactCreateInput,
  ctx: Ctx,
): Promise<ContactRow> {
  const lastContactedAt = input.lastContactedOn
    ? lastContactInstant(input.lastContactedOn, ctx)
    : null;
  return db.transaction(async (tx) => {
    await assertContactCapacity(tx, ctx.userId, 1);
    const groups = await loadGroupRhythms(tx, ctx.userId);
    const [row] = await tx
      .insert(contacts)
      .values({
        ...newContactValues(input, { ...ctx, lastContactedAt, groups }),
        userId: ctx.userId,
      })
      .returning();
    if (lastContactedAt) {
      await tx.insert(interactions).values({
        userId: ctx.userId,
        contactId: row!.id,
        occurredAt: lastContactedAt,
        channel: input.preferredMethod ?? "other",
        isDateOnly: true,
      });
    }
    await emitContactEvent(tx, "contact.created", row!, ctx);
    return row!;
  });
}

// The merged contact must keep a name and whole coordinates, as on create.
function assertMergedContact(row: ContactRow, patch: ContactPatch) {
  const firstName = patch.firstName !== undefined ? patch.firstName : row.firstName;
  const lastName = patch.lastName !== undefined ? patch.lastName : row.lastName;
  if (!firstName && !lastName) {
    throw new AppError("BAD_REQUEST", "A contact needs a first or last name.", {
      firstName: NAME_REQUIRED,
    });
  }
  const latitude = patch.latitude !== undefined ? patch.latitude : row.latitude;
  const longitude = patch.longitude !== undefined ? patch.longitude : row.longitude;
  if ((latitude === null) !== (longitude === null)) {
    throw new AppError("BAD_REQUEST", "Enter both latitude and longitude, or neither.", {
      [latitude === null ? "latitude" : "longitude"]:
        "Enter both latitude and longitude, or neither",
    });
  }
}

/**
 * The rhythm a patch leaves a contact on. `rhythm` is the contact's own; the inherited rhythm
 * sent back as it was read (a form or script saving the whole contact) is no choice of its own,
 * so the contact keeps following its group.
 */
function patchedRhythm(row: ContactRow, patch: ContactPatch, groups: Map<string, GroupRhythm>) {
  let own = ownRhythmOf(row);
  if (patch.rhythm !== undefined) {
    own = row.rhythmTag && isSameRhythm(patch.rhythm, rhythmOf(row)) ? null : patch.rhythm;
  }
  return effectiveRhythm({ own, tags: patch.tags ?? row.tags, groups });
}

export async function updateContact(
  db: Db,
  contactId: string,
  patch: ContactPatch,
  ctx: Ctx,
  columns: Pick<ContactValues, "photoKey"> = {},
): Promise<ContactRow> {
  return db.transaction(async (tx) => {
    // Locked, so two saves of one version cannot both pass the version check.
    const row = await getContactRow(tx, ctx.userId, contactId, { forUpdate: true });
    if (
      patch.expectedUpdatedAt !== undefined &&
      row.updatedAt.getTime() !== Date.parse(patch.expectedUpdatedAt)
    ) {
      throw new AppError("CONFLICT", STALE_CONTACT_MESSAGE);
    }
    assertMergedContact(row, patch);
    const values = { ...contactValuesFromInput(patch), ...timeZoneColumnsFor(row, patch) };
    delete values.rhythmInterval;
    delete values.rhythmUnit;
    // A new own rhythm, new tags or a dropped one can each move the rhythm the contact goes by.
    if (patch.rhythm !== undefined || patch.tags !== undefined) {
      const groups = await loadGroupRhythms(tx, ctx.userId);
      Object.assign(values, rhythmColumnsFor(row, patchedRhythm(row, patch, groups), ctx));
    }
    const updated = await updateContactRow(tx, ctx.userId, contactId, { ...values, ...columns });
    await emitContactEvent(tx, "contact.updated", updated, ctx);
    return updated;
  });
}

export async function setArchived(db: Db, contactId: string, isArchived: boolean, ctx: Ctx) {
  return db.transaction(async (tx) => {
    const before = await getContactRow(tx, ctx.userId, contactId, { forUpdate: true });
    const after = await updateContactRow(tx, ctx.userId, contactId, {
      archivedAt: isArchived ? ctx.now : null,
    });
    const undoId = await recordUndo(tx, {
      userId: ctx.userId,
      action: "archive",
      changes: [{ before, after }],
    });
    // Restoring is told as an edit: the receiver sees archivedAt back at null.
    if (isArchived !== Boolean(before.archivedAt)) {
      await emitContactEvent(tx, isArchived ? "contact.archived" : "contact.updated", after, ctx);
    }
    return { contact: after, undoId };
  });
}

/**
 * Gives the chosen contacts a rhythm of their own (none: they follow their groups, if any). Only
 * those whose rhythm or its source differs change; `overwritten` counts the ones of them that had
 * a rhythm. A preview counts and writes nothing.
 */
export async function assignRhythm(
  db: Db,
  input: BulkRhythmInput & { rhythm: Rhythm | null },
  ctx: Ctx,
) {
  return db.transaction(async (tx) => {
    const ids = input.contactIds ? [...new Set(input.contactIds)] : undefined;
    const rows = await selectContactsFor(tx, ctx.userId, { contactIds: ids, tag: input.tag });
    if (ids && rows.length !== ids.length) {
      throw new AppError(
        "NOT_FOUND",
        "Some of those contacts were not found. Nothing was changed.",
      );
    }
    const groups = await loadGroupRhythms(tx, ctx.userId);
    const changing = rows.flatMap((row) => {
      const target = effectiveRhythm({ own: input.rhythm, tags: row.tags, groups });
      const values = rhythmColumnsFor(row, target, ctx);
      return Object.keys(values).length > 0 ? [{ row, values }] : [];
    });
    const overwritten = changing.filter(({ row }) => rhythmOf(row) !== null).length;
    const counts = { updated: changing.length, overwritten, matched: rows.length };
    if (input.preview || changing.length === 0) return { ...counts, undoId: null };
    const changes: { before: ContactRow; after: ContactRow }[] = [];
    for (const { row, values } of changing) {
      const [after] = await tx
        .update(contacts)
        .set({ ...values, updatedAt: ctx.now })
        .where(and(eq(contacts.userId, ctx.userId), eq(contacts.id, row.id)))
        .returning();
      changes.push({ before: row, after: after! });
    }
    const undoId = await recordUndo(tx, { userId: ctx.userId, action: "rhythm", changes });
    return { ...counts, undoId };
  });
}
