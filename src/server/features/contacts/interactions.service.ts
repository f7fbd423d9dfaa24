// History and snooze: logging, editing and deleting interactions moves last-contacted and the
// next due date when the latest interaction changes; snooze moves the due date alone.
import { and, desc, eq } from "drizzle-orm";
import { contactDisplayName } from "../../../core/contacts";
import { type ContactMethod } from "../../../core/contact-fields";
import {
  FUTURE_TOLERANCE_MS,
  SNOOZE_MAX_DAYS,
  snoozeDay,
  type Interaction,
  type InteractionPatchSchema,
  type InteractionInputSchema,
  type SnoozeInputSchema,
} from "../../../core/interactions";
import { addDays, startOfLocalDate, toLocalDate } from "../../../core/rhythm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { ContactContext } from "./contact-context";
import { interactions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getContactRow, isUuid, updateContactRow } from "./contacts.queries";
import type { ContactRow } from "./contact-columns";
import { rhythmOf, syncContactHistory } from "./contacts.service";
import { recordUndo } from "./undo.service";
import { emitWebhookEvent } from "../webhooks/webhooks.public";

type Ctx = ContactContext;
type Executor = Db | Tx;
type InteractionRow = typeof interactions.$inferSelect;

export function toInteraction(row: InteractionRow): Interaction {
  return {
    id: row.id,
    contactId: row.contactId,
    occurredAt: row.occurredAt.toISOString(),
    channel: row.channel as ContactMethod,
    note: row.note,
    isDateOnly: row.isDateOnly,
    replyId: row.replyId,
    createdAt: row.createdAt.toISOString(),
  };
}

function interactionNotFound(): AppError {
  return new AppError("NOT_FOUND", "That history entry was not found. It may have been deleted.");
}

function checkOccurredAt(value: string, ctx: Ctx): Date {
  const at = new Date(value);
  if (at.getTime() > ctx.now.getTime() + FUTURE_TOLERANCE_MS) {
    throw new AppError("BAD_REQUEST", "You can't log contact in the future.", {
      occurredAt: "Choose a time that has already passed",
    });
  }
  return at;
}

export async function listInteractions(db: Db, contactId: string, ctx: Ctx) {
  await getContactRow(db, ctx.userId, contactId);
  const rows = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.userId, ctx.userId), eq(interactions.contactId, contactId)))
    .orderBy(desc(interactions.occurredAt), desc(interactions.createdAt));
  return rows.map(toInteraction);
}

function isLatest(at: Date, row: ContactRow): boolean {
  return !row.lastContactedAt || at.getTime() >= row.lastContactedAt.getTime();
}

/**
 * Logs contact, and the same for `withContactIds` (the others who were there, such as the rest
 * of a household): one entry each, in one transaction, with one undo for all.
 */
export async function logInteraction(
  db: Db,
  contactId: string,
  input: z.output<typeof InteractionInputSchema> & { withContactIds?: string[] },
  ctx: Ctx,
  source: { replyId?: string } = {},
) {
  const occurredAt = input.occurredAt ? checkOccurredAt(input.occurredAt, ctx) : ctx.now;
  const others = [...new Set(input.withContactIds ?? [])].filter((id) => id !== contactId);
  return db.transaction(async (tx) => {
    const ids = [contactId, ...others];
    // Locked in one order, so two logs of overlapping people cannot deadlock.
    for (const id of [...ids].sort()) await getContactRow(tx, ctx.userId, id, { forUpdate: true });
    const logged = [];
    for (const id of ids) {
      const before = await getContactRow(tx, ctx.userId, id);
      let contact = before;
      const [row] = await tx
        .insert(interactions)
        .values({
          userId: ctx.userId,
          contactId: id,
          occurredAt,
          channel: input.channel ?? contact.preferredMethod ?? "other",
          note: input.note,
          replyId: source.replyId ?? null,
        })
        .returning();
      if (isLatest(occurredAt, contact)) {
        contact = await syncContactHistory(tx, {
          userId: ctx.userId,
          contactId: id,
          timeZone: ctx.timeZone,
        });
      }
      logged.push({ before, after: contact, row: row! });
    }
    const [first, ...rest] = logged;
    const undoId = await recordUndo(tx, {
      userId: ctx.userId,
      action: "log",
      changes: logged.map(({ before, after }) => ({ before, after })),
      interaction: first!.row,
      alsoLogged: rest.map((entry) => entry.row),
    });
    for (const { after, row } of logged) {
      await emitWebhookEvent(tx, {
        userId: ctx.userId,
        type: "interaction.logged",
        now: ctx.now,
        data: {
          interaction: toInteraction(row),
          contact: { id: after.id, name: contactDisplayName(after) },
        },
      });
    }
    return {
      interaction: toInteraction(first!.row),
      contact: first!.after,
      others: rest.map((entry) => entry.after),
      undoId,
    };
  });
}

async function getInteractionRow(db: Executor, contactId: string, interactionId: string, ctx: Ctx) {
  if (!isUuid(interactionId)) throw interactionNotFound();
  const [row] = await db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.userId, ctx.userId),
        eq(interactions.contactId, contactId),
        eq(interactions.id, interactionId),
      ),
    );
  if (!row) throw interactionNotFound();
  return row;
}

export async function updateInteraction(
  db: Db,
  ids: { contactId: string; interactionId: string },
  patch: z.output<typeof InteractionPatchSchema>,
  ctx: Ctx,
) {
  const occurredAt = patch.occurredAt ? checkOccurredAt(patch.occurredAt, ctx) : undefined;
  return db.transaction(async (tx) => {
    let contact = await getContactRow(tx, ctx.userId, ids.contactId);
    const before = await getInteractionRow(tx, ids.contactId, ids.interactionId, ctx);
    // A save that changes nothing writes nothing (as for contacts).
    const values = { occurredAt, channel: patch.channel, note: patch.note };
    if (Object.values(values).every((value) => value === undefined)) {
      return { interaction: toInteraction(before), contact };
    }
    const [row] = await tx
      .update(interactions)
      // A time or channel chosen by hand makes the entry a real one.
      .set({ ...values, ...(occurredAt || patch.channel ? { isDateOnly: false } : {}) })
      .where(and(eq(interactions.userId, ctx.userId), eq(interactions.id, before.id)))
      .returning();
    const movesLatest =
      occurredAt !== undefined &&
      occurredAt.getTime() !== before.occurredAt.getTime() &&
      (isLatest(before.occurredAt, contact) || isLatest(occurredAt, contact));
    if (movesLatest) {
      contact = await syncContactHistory(tx, {
        userId: ctx.userId,
        contactId: ids.contactId,
        timeZone: ctx.timeZone,
      });
    }
    return { interaction: toInteraction(row!), contact };
  });
}

export async function deleteInteraction(
  db: Db,
  ids: { contactId: string; interactionId: string },
  ctx: Ctx,
) {
  return db.transaction(async (tx) => {
    let contact = await getContactRow(tx, ctx.userId, ids.contactId);
    const row = await getInteractionRow(tx, ids.contactId, ids.interactionId, ctx);
    await tx
      .delete(interactions)
      .where(and(eq(interactions.userId, ctx.userId), eq(interactions.id, row.id)));
    if (isLatest(row.occurredAt, contact)) {
      contact = await syncContactHistory(tx, {
        userId: ctx.userId,
        contactId: ids.contactId,
        timeZone: ctx.timeZone,
      });
    }
    return { interaction: null, contact };
  });
}

/**
 * Moves the next due date to a later day without logging contact. `days` count from the later
 * of today and the current due day, so a snooze never brings someone forward.
 */
export async function snoozeContact(
  db: Db,
  contactId: string,
  input: z.output<typeof SnoozeInputSchema>,
  ctx: Ctx,
) {
  return db.transaction(async (tx) => {
    const contact = await getContactRow(tx, ctx.userId, contactId, { forUpdate: true });
    const until = snoozeUntil(contact, input, ctx);
    const after = await updateContactRow(tx, ctx.userId, contactId, {
      nextDueAt: startOfLocalDate(until, ctx.timeZone),
    });
    const undoId = await recordUndo(tx, {
      userId: ctx.userId,
      action: "snooze",
      changes: [{ before: contact, after }],
    });
    return { contact: after, undoId };
  });
}

function snoozeUntil(
  contact: ContactRow,
  input: z.output<typeof SnoozeInputSchema>,
  ctx: Ctx,
): string {
  if (!rhythmOf(contact) || !contact.nextDueAt) {
    throw new AppError(
      "BAD_REQUEST",
      `Give ${contactDisplayName(contact)} a rhythm first; only contacts with a rhythm can be snoozed.`,
    );
  }
  if (contact.archivedAt) {
    throw new AppError(
      "BAD_REQUEST",
      `${contactDisplayName(contact)} is archived. Unarchive them to snooze.`,
    );
  }
  const today = toLocalDate(ctx.now, ctx.timeZone);
  const dueDay = toLocalDate(contact.nextDueAt, ctx.timeZone);
  const until = "days" in input ? snoozeDay({ dueDay, today, days: input.days }) : input.until;
  if (until <= today) {
    throw new AppError("BAD_REQUEST", "Choose a day after today to snooze until.", {
      until: "Choose a day after today",
    });
  }
  if (until > addDays(today, SNOOZE_MAX_DAYS)) {
    throw new AppError("BAD_REQUEST", `You can snooze for at most ${SNOOZE_MAX_DAYS} days.`, {
      until: `Choose a day within ${SNOOZE_MAX_DAYS} days`,
    });
  }
  return until;
}

/** Puts the next due date back where the rhythm and history say. */
export async function clearSnooze(db: Db, contactId: string, ctx: Ctx) {
  return db.transaction(async (tx) => {
    await getContactRow(tx, ctx.userId, contactId);
    return syncContactHistory(tx, { userId: ctx.userId, contactId, timeZone: ctx.timeZone });
  });
}
