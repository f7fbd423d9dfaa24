// Carrying out what the assistant read: an applied action goes through the contacts services
// (history, snooze, contact fields) and keeps how to take it back; a suggestion waits for
// Accept (as it is, or edited) or Dismiss. Undo works per action for as long as the answer's
// link does (REPLY_UNDO_TTL_MS), past the one-hour undo of the app's own toasts (decision 246).
import { and, eq, ne } from "drizzle-orm";
import { ContactCreateSchema, ContactPatchSchema, type ContactPatch } from "../../../core/contacts";
import type { ReplyActionDetails } from "../../../core/replies";
import { startOfLocalDate, toLocalDate } from "../../../core/rhythm";
import type { Db } from "../../db/client";
import { replyActions, type ReplyActionUndo } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import {
  createContact,
  deleteContactRow,
  deleteInteraction,
  findContactRow,
  inputFromRow,
  logInteraction,
  snoozeContact,
  updateContact,
  updateContactRow,
  type ContactContext,
  type ContactRow,
} from "../contacts/contacts.public";
import { findPlace, searchGazetteer } from "../places/places.public";
import { REPLY_UNDO_TTL_MS } from "./reply-tokens";

type ActionRow = typeof replyActions.$inferSelect;

const HOUR_MS = 3_600_000;

export function actionNotFound(): AppError {
  return new AppError("NOT_FOUND", "That suggestion was not found. It may have been deleted.");
}

/** When a logged day happened: now for today, else noon of that day in the user's zone. */
function instantOf(day: string, ctx: ContactContext): Date {
  if (day >= toLocalDate(ctx.now, ctx.timeZone)) return ctx.now;
  return new Date(startOfLocalDate(day, ctx.timeZone).getTime() + 12 * HOUR_MS);
}

function placeFields(name: string) {
  const place = findPlace({ city: name }) ?? searchGazetteer({ q: name, limit: 1 })[0];
  if (!place) return { placeId: null, patch: { city: name } satisfies ContactPatch };
  return {
    placeId: place.id,
    patch: {
      city: place.city ?? place.name,
      region: place.region,
      country: place.country,
      countryCode: place.countryCode,
      latitude: place.latitude,
      longitude: place.longitude,
    } satisfies ContactPatch,
  };
}

function fieldPatch(row: ContactRow, details: ReplyActionDetails): ContactPatch {
  const current = inputFromRow(row);
  switch (details.kind) {
    case "birthday":
      return { birthday: { day: details.day, month: details.month, year: details.year } };
    case "phone":
      return current.phones.some((p) => p.value === details.value)
        ? {}
        : { phones: [...current.phones, { value: details.value }] };
    case "email": {
      const value = details.value.trim().toLowerCase();
      return current.emails.some((e) => e.value.toLowerCase() === value)
        ? {}
        : { emails: [...current.emails, { value }] };
    }
    case "note":
      return { notes: current.notes ? `${current.notes}\n\n${details.text}` : details.text };
    case "place":
      return placeFields(details.name).patch;
    default:
      return {};
  }
}

function pick(row: ContactRow, keys: string[]): Record<string, unknown> {
  const input = inputFromRow(row) as unknown as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, input[key] ?? null]));
}

/**
 * Does one action on one contact and answers how to take it back. Throws AppError when it
 * cannot be done (no such contact, a snooze without a rhythm, an invalid value).
 */
export async function performAction(
  db: Db,
  options: { contactId: string; details: ReplyActionDetails; replyId: string },
  ctx: ContactContext,
): Promise<{ undo: ReplyActionUndo; details: ReplyActionDetails }> {
  const { contactId, details, replyId } = options;
  const row = await findContactRow(db, ctx.userId, contactId);
  if (!row)
    throw new AppError("NOT_FOUND", "That contact was not found. It may have been deleted.");
  if (details.kind === "interaction") {
    const { interaction } = await logInteraction(
      db,
      contactId,
      {
        occurredAt: instantOf(details.date, ctx).toISOString(),
        channel: details.channel ?? undefined,
        note: details.note,
      },
      ctx,
      { replyId },
    );
    return { undo: { kind: "interaction", interactionId: interaction.id }, details };
  }
  if (details.kind === "snooze") {
    const { contact } = await snoozeContact(db, contactId, { until: details.until }, ctx);
    return {
      undo: {
        kind: "snooze",
        nextDueAt: row.nextDueAt?.toISOString() ?? null,
        after: contact.nextDueAt?.toISOString() ?? null,
      },
      details,
    };
  }
  const resolved =
    details.kind === "place" ? { ...details, placeId: placeFields(details.name).placeId } : details;
  const patch = fieldPatch(row, resolved);
  const parsed = ContactPatchSchema.safeParse(patch);
  if (!parsed.success) {
    throw new AppError(
      "BAD_REQUEST",
      parsed.error.issues[0]?.message ?? "That value is not valid.",
    );
  }
  const keys = Object.keys(patch);
  const before = pick(row, keys);
  const after = await updateContact(db, contactId, parsed.data, ctx);
  return { undo: { kind: "fields", before, after: pick(after, keys) }, details: resolved };
}

function staleUndo(): AppError {
  return new AppError(
    "CONFLICT",
    "That contact changed after the assistant's change, so it was not undone. Edit the contact instead.",
  );
}

/** Takes an applied action back, unless what it changed was changed again since. */
export async function reverseAction(db: Db, row: ActionRow, ctx: ContactContext): Promise<void> {
  const undo = row.undo;
  if (!undo || !row.contactId) throw undoGone();
  if (undo.kind === "interaction") {
    try {
      await deleteInteraction(
        db,
        { contactId: row.contactId, interactionId: undo.interactionId },
        ctx,
      );
    } catch (error) {
      // Deleted by hand already: what the undo wanted is done.
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
    return;
  }
  const contact = await findContactRow(db, ctx.userId, row.contactId);
  if (!contact) return;
  if (undo.kind === "snooze") {
    if ((contact.nextDueAt?.toISOString() ?? null) !== undo.after) throw staleUndo();
    await updateContactRow(db, ctx.userId, row.contactId, {
      nextDueAt: undo.nextDueAt ? new Date(undo.nextDueAt) : null,
    });
    return;
  }
  const now = pick(contact, Object.keys(undo.after));
  if (JSON.stringify(now) !== JSON.stringify(undo.after)) throw staleUndo();
  await updateContact(db, row.contactId, undo.before, ctx);
}

export function undoGone(): AppError {
  return new AppError(
    "NOT_FOUND",
    "That change can't be undone: it was already undone, or it is too old.",
  );
}

export function isUndoable(row: Pick<ActionRow, "status" | "undo" | "appliedAt">, now: Date) {
  return (
    row.status === "applied" &&
    row.undo !== null &&
    row.appliedAt !== null &&
    row.appliedAt.getTime() + REPLY_UNDO_TTL_MS > now.getTime()
  );
}

/**
 * An applied action, undone: its change taken back and it waits again as a suggestion. A contact
 * Accept made for a new person goes too, unless it was changed since (then it is the user's).
 */
export async function undoAction(db: Db, actionId: string, ctx: ContactContext) {
  const row = await getActionRow(db, ctx.userId, actionId);
  if (!isUndoable(row, ctx.now)) throw undoGone();
  const created = row.undo?.createdContact;
  await db.transaction(async (tx) => {
    const inTx = tx as unknown as Db; // the contacts services open savepoints inside it
    const madeHere =
      created &&
      (
        await findContactRow(inTx, ctx.userId, created.id, { forUpdate: true })
      )?.updatedAt?.toISOString() === created.updatedAt;
    await reverseAction(inTx, row, ctx);
    if (madeHere) await deleteContactRow(inTx, ctx.userId, created.id);
    await tx
      .update(replyActions)
      .set({
        status: "suggested",
        undo: null,
        appliedAt: null,
        ...(madeHere ? { contactId: null } : {}),
      })
      .where(and(eq(replyActions.userId, ctx.userId), eq(replyActions.id, row.id)));
  });
}

export async function getActionRow(db: Db, userId: string, actionId: string): Promise<ActionRow> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(actionId)) throw actionNotFound();
  const [row] = await db
    .select()
    .from(replyActions)
    .where(and(eq(replyActions.userId, userId), eq(replyActions.id, actionId)));
  if (!row) throw actionNotFound();
  return row;
}

/** Accept a suggestion as it is, or with another contact or other details. */
/** A new contact from the name a reply gave ("Bob Smith", or an address in forwarded mail). */
function newContactFrom(name: string) {
  const address = /^[^@\s]+@[^@\s]+$/.test(name) ? name.toLowerCase() : null;
  const [first = "", ...rest] = (address ? address.split("@")[0]! : name).trim().split(/\s+/);
  const parsed = ContactCreateSchema.safeParse({
    firstName: first,
    lastName: rest.join(" ") || null,
    emails: address ? [{ value: address }] : [],
  });
  if (!parsed.success) {
    throw new AppError("BAD_REQUEST", "Choose who this is about first.", {
      contactId: "Choose a contact",
    });
  }
  return parsed.data;
}

/**
 * Accept a suggestion as it is, or with another contact or other details. A suggestion about
 * someone the user does not have yet adds them (in the same transaction as the change).
 */
export async function acceptAction(
  db: Db,
  actionId: string,
  edit: { contactId?: string; details?: ReplyActionDetails },
  ctx: ContactContext,
) {
  const row = await getActionRow(db, ctx.userId, actionId);
  if (row.status === "applied") throw new AppError("CONFLICT", "That change was already made.");
  const details = edit.details ?? row.details;
  const isNewPerson = !edit.contactId && !row.contactId && row.candidateIds.length === 0;
  if (
    !edit.contactId &&
    !row.contactId &&
    (!isNewPerson || !row.name || details.kind === "snooze")
  ) {
    throw new AppError("BAD_REQUEST", "Choose who this is about first.", {
      contactId: "Choose a contact",
    });
  }
  if (details.kind === "interaction" && details.date > toLocalDate(ctx.now, ctx.timeZone)) {
    throw new AppError("BAD_REQUEST", "You can't log contact in the future.", {
      date: "Choose today or an earlier day",
    });
  }
  await db.transaction(async (tx) => {
    // Claimed first, in the transaction: a second Accept (a double click) finds it taken and
    // changes nothing, rather than logging twice.
    const [claimed] = await tx
      .update(replyActions)
      .set({ status: "applied" })
      .where(
        and(
          eq(replyActions.userId, ctx.userId),
          eq(replyActions.id, row.id),
          ne(replyActions.status, "applied"),
        ),
      )
      .returning({ id: replyActions.id });
    if (!claimed) throw new AppError("CONFLICT", "That change was already made.");
    const inTx = tx as unknown as Db; // the contacts services open savepoints inside it
    const createdId =
      edit.contactId || row.contactId
        ? null
        : (await createContact(inTx, newContactFrom(row.name!), ctx)).id;
    const contactId = edit.contactId ?? row.contactId ?? createdId!;
    const done = await performAction(inTx, { contactId, details, replyId: row.replyId }, ctx);
    if (createdId) {
      const made = await findContactRow(inTx, ctx.userId, createdId);
      done.undo.createdContact = { id: createdId, updatedAt: made!.updatedAt.toISOString() };
    }
    await tx
      .update(replyActions)
      .set({
        status: "applied",
        contactId,
        kind: done.details.kind,
        details: done.details,
        undo: done.undo,
        appliedAt: ctx.now,
      })
      .where(and(eq(replyActions.userId, ctx.userId), eq(replyActions.id, row.id)));
  });
}

export async function dismissAction(db: Db, actionId: string, ctx: ContactContext) {
  const row = await getActionRow(db, ctx.userId, actionId);
  if (row.status === "applied") {
    throw new AppError("CONFLICT", "That change was already made. Undo it instead.");
  }
  await db
    .update(replyActions)
    .set({ status: "dismissed" })
    .where(and(eq(replyActions.userId, ctx.userId), eq(replyActions.id, row.id)));
}
