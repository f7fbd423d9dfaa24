// Creating, editing and bulk-editing contacts: each one transaction, each under the user's id.
import { and, eq } from "drizzle-orm";
import {
  NAME_REQUIRED,
  STALE_CONTACT_MESSAGE,
  type ContactCreateInput,
  type ContactPatch,
} from "../../../core/contacts";
import type { BulkRhythmInput } from "../../../core/interactions";
import {
  computeNextDueAt,
  isSameRhythm,
  startOfLocalDate,
  toLocalDate,
  type Rhythm,
} from "../../../core/rhythm";
import type { Db } from "../../db/client";
import { contacts, interactions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactContext } from "./contact-context";
import { getContactRow, selectContactsFor, updateContactRow } from "./contacts.queries";
import { contactValuesFromInput, type ContactRow } from "./contact-columns";
import { assertContactCapacity, newContactValues, rhythmOf } from "./contacts.service";
import { recordUndo } from "./undo.service";

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
    const [row] = await tx
      .insert(contacts)
      .values({
        ...newContactValues(input, { now: ctx.now, timeZone: ctx.timeZone, lastContactedAt }),
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

function rhythmChange(row: ContactRow, rhythm: Rhythm | null, ctx: Ctx) {
  const rhythmSetAt = rhythm ? ctx.now : null;
  return {
    rhythmInterval: rhythm?.interval ?? null,
    rhythmUnit: rhythm?.unit ?? null,
    rhythmSetAt,
    nextDueAt: computeNextDueAt({
      rhythm,
      lastContactedAt: row.lastContactedAt,
      rhythmSetAt,
      timeZone: ctx.timeZone,
    }),
  };
}

export async function updateContact(
  db: Db,
  contactId: string,
  patch: ContactPatch,
  ctx: Ctx,
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
    const values = contactValuesFromInput(patch);
    // A new rhythm starts counting now (or from the last contact); an unchanged one keeps its
    // due date, snooze included.
    if (patch.rhythm !== undefined && !isSameRhythm(patch.rhythm, rhythmOf(row))) {
      Object.assign(values, rhythmChange(row, patch.rhythm, ctx));
    } else {
      delete values.rhythmInterval;
      delete values.rhythmUnit;
    }
    return updateContactRow(tx, ctx.userId, contactId, values);
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
    return { contact: after, undoId };
  });
}

/**
 * Gives the chosen contacts a rhythm. Only those whose rhythm differs change; `overwritten`
 * counts the ones of them that had a rhythm. A preview counts and writes nothing.
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
    const changing = rows.filter((row) => !isSameRhythm(rhythmOf(row), input.rhythm));
    const overwritten = changing.filter((row) => rhythmOf(row) !== null).length;
    const counts = { updated: changing.length, overwritten, matched: rows.length };
    if (input.preview || changing.length === 0) return { ...counts, undoId: null };
    const changes: { before: ContactRow; after: ContactRow }[] = [];
    for (const row of changing) {
      const [after] = await tx
        .update(contacts)
        .set({ ...rhythmChange(row, input.rhythm, ctx), updatedAt: ctx.now })
        .where(and(eq(contacts.userId, ctx.userId), eq(contacts.id, row.id)))
        .returning();
      changes.push({ before: row, after: after! });
    }
    const undoId = await recordUndo(tx, { userId: ctx.userId, action: "rhythm", changes });
    return { ...counts, undoId };
  });
}
