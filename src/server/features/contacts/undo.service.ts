// Undo of one-tap changes (log contact, snooze, archive, bulk rhythm, a group's rhythm), a
// removed relationship and merges: each records the changed
// contacts' columns before and after, in the transaction that changes them; undo puts the
// "before" back exactly (history included) unless something changed since.
import { and, eq, lt, ne } from "drizzle-orm";
import { UNDO_WINDOW_MS } from "../../../core/constants";
import { STALE_UNDO_MESSAGE } from "../../../core/interactions";
import type { Db, Tx } from "../../db/client";
import { isSameRhythm, rhythmFromColumns, type Rhythm } from "../../../core/rhythm";
import { contactUndos, contacts, interactions, tagRhythms } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactRow } from "./contact-columns";
import type { ContactContext } from "./contact-context";
import { countHistory, findContactRow, isUuid } from "./contacts.queries";
import { writeGroupRhythm } from "./group-rhythms.queries";
import { undoMerge, type MergeUndoPayload } from "./merge-undo";
import type { StoredRelationship } from "./relationships.queries";
import { undoRelationshipRemoval } from "./relationships.service";

export type UndoAction =
  "log" | "snooze" | "archive" | "rhythm" | "group-rhythm" | "merge" | "relationship";

// The columns a one-tap change can move, as JSON.
type Columns = {
  lastContactedAt: string | null;
  nextDueAt: string | null;
  archivedAt: string | null;
  rhythmInterval: number | null;
  rhythmUnit: string | null;
  rhythmSetAt: string | null;
  rhythmTag: string | null;
  updatedAt: string;
};

type Snapshot = { contactId: string; before: Columns; after: Columns };

type LoggedInteraction = {
  id: string;
  occurredAt: string;
  channel: string;
  note: string | null;
  /** How many history entries the contact had right after the log. */
  historyCount: number;
};

/** A group's rhythm as it was and as the change left it (null: the tag had none). */
type GroupState = { tag: string; rhythm: Rhythm | null } | null;
type GroupChange = { tagKey: string; before: GroupState; after: GroupState };

type Payload = {
  contacts: Snapshot[];
  interaction?: LoggedInteraction;
  /** The same contact logged for the others who were there (a household's log). */
  alsoLogged?: (LoggedInteraction & { contactId: string })[];
  group?: GroupChange;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null) => (s ? new Date(s) : null);

function columnsOf(row: ContactRow): Columns {
  return {
    lastContactedAt: iso(row.lastContactedAt),
    nextDueAt: iso(row.nextDueAt),
    archivedAt: iso(row.archivedAt),
    rhythmInterval: row.rhythmInterval,
    rhythmUnit: row.rhythmUnit,
    rhythmSetAt: iso(row.rhythmSetAt),
    rhythmTag: row.rhythmTag,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Snapshots recorded before groups existed have no rhythmTag: none.
function isSameColumns(a: Columns, b: Columns): boolean {
  return (Object.keys(a) as (keyof Columns)[]).every(
    (key) => (a[key] ?? null) === (b[key] ?? null),
  );
}

function undoNotFound(): AppError {
  return new AppError(
    "NOT_FOUND",
    "That change can't be undone: it was already undone, or it is too old.",
  );
}

function staleUndo(): AppError {
  return new AppError("CONFLICT", STALE_UNDO_MESSAGE);
}

async function loggedOf(
  tx: Tx,
  userId: string,
  row: typeof interactions.$inferSelect,
): Promise<LoggedInteraction> {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    channel: row.channel,
    note: row.note,
    historyCount: await countHistory(tx, userId, row.contactId),
  };
}

/**
 * Records how to undo a change, inside the transaction that made it; answers the undo's id.
 * `changes` pairs each contact as it was before with how it is after.
 */
export async function recordUndo(
  tx: Tx,
  options: {
    userId: string;
    action: UndoAction;
    changes: { before: ContactRow; after: ContactRow }[];
    interaction?: typeof interactions.$inferSelect;
    alsoLogged?: (typeof interactions.$inferSelect)[];
    group?: GroupChange;
  },
): Promise<string> {
  const { userId, action, changes, interaction, group } = options;
  const payload: Payload = {
    contacts: changes.map(({ before, after }) => ({
      contactId: before.id,
      before: columnsOf(before),
      after: columnsOf(after),
    })),
  };
  if (group) payload.group = group;
  if (interaction) payload.interaction = await loggedOf(tx, userId, interaction);
  if (options.alsoLogged?.length) {
    payload.alsoLogged = [];
    for (const row of options.alsoLogged) {
      payload.alsoLogged.push({ ...(await loggedOf(tx, userId, row)), contactId: row.contactId });
    }
  }
  return insertUndo(tx, { userId, action, payload });
}

/**
 * Stores an undo record and answers its id. Expired undos of this user go as new ones come (no
 * job needed), except merges': they name photo files that merge.service removes with them.
 */
export async function insertUndo(
  tx: Tx,
  options: { userId: string; action: UndoAction; payload: unknown },
): Promise<string> {
  const { userId, action, payload } = options;
  await tx
    .delete(contactUndos)
    .where(
      and(
        eq(contactUndos.userId, userId),
        ne(contactUndos.action, "merge"),
        lt(contactUndos.createdAt, new Date(Date.now() - UNDO_WINDOW_MS)),
      ),
    );
  const [row] = await tx
    .insert(contactUndos)
    .values({ userId, action, payload })
    .returning({ id: contactUndos.id });
  return row!.id;
}

// The logged entry must still be there as logged, and the only change to the history since.
async function assertLogUnchanged(
  tx: Tx,
  userId: string,
  contactId: string,
  logged: LoggedInteraction,
) {
  const [row] = await tx
    .select()
    .from(interactions)
    .where(and(eq(interactions.userId, userId), eq(interactions.id, logged.id)));
  const isSame =
    row &&
    row.occurredAt.toISOString() === logged.occurredAt &&
    row.channel === logged.channel &&
    row.note === logged.note &&
    (await countHistory(tx, userId, contactId)) === logged.historyCount;
  if (!isSame) throw staleUndo();
}

// The group's rhythm must still be as the change left it; then it goes back to what it was.
async function restoreGroup(tx: Tx, ctx: ContactContext, change: GroupChange) {
  const [row] = await tx
    .select()
    .from(tagRhythms)
    .where(and(eq(tagRhythms.userId, ctx.userId), eq(tagRhythms.tagKey, change.tagKey)))
    .for("update");
  const now = row
    ? { tag: row.tag, rhythm: rhythmFromColumns(row.rhythmInterval, row.rhythmUnit) }
    : null;
  const isAsLeft =
    now?.tag === change.after?.tag &&
    isSameRhythm(now?.rhythm ?? null, change.after?.rhythm ?? null);
  if (!isAsLeft) throw staleUndo();
  await writeGroupRhythm(tx, ctx.userId, change.tagKey, change.before, ctx.now);
}

/**
 * Puts back every contact the change touched as it was before (last contacted, due date,
 * snooze, archive, rhythm and updatedAt), deleting the logged entry for a log. Answers 404 for
 * an unknown, used, expired or another user's undo, and 409 when any of the contacts (or the
 * history) changed after the change being undone: nothing is written then.
 */
export async function applyUndo(
  db: Db,
  undoId: string,
  ctx: ContactContext,
): Promise<ContactRow[]> {
  if (!isUuid(undoId)) throw undoNotFound();
  return db.transaction(async (tx) => {
    const [undo] = await tx
      .select()
      .from(contactUndos)
      .where(and(eq(contactUndos.userId, ctx.userId), eq(contactUndos.id, undoId)))
      .for("update");
    if (!undo || undo.createdAt.getTime() < Date.now() - UNDO_WINDOW_MS) throw undoNotFound();
    if (undo.action === "merge") {
      const restored = await undoMerge(tx, undo.payload as MergeUndoPayload, ctx.userId);
      await tx.delete(contactUndos).where(eq(contactUndos.id, undo.id));
      return restored;
    }
    if (undo.action === "relationship") {
      await undoRelationshipRemoval(
        tx,
        undo.payload as { relationship: StoredRelationship },
        ctx.userId,
      );
      await tx.delete(contactUndos).where(eq(contactUndos.id, undo.id));
      return [];
    }
    const payload = undo.payload as Payload;
    const restored: ContactRow[] = [];
    for (const snapshot of payload.contacts) {
      const row = await findContactRow(tx, ctx.userId, snapshot.contactId, { forUpdate: true });
      if (!row || !isSameColumns(columnsOf(row), snapshot.after)) throw staleUndo();
    }
    if (payload.group) await restoreGroup(tx, ctx, payload.group);
    const logged = [
      ...(payload.interaction
        ? [{ ...payload.interaction, contactId: payload.contacts[0]!.contactId }]
        : []),
      ...(payload.alsoLogged ?? []),
    ];
    for (const entry of logged) {
      await assertLogUnchanged(tx, ctx.userId, entry.contactId, entry);
      await tx
        .delete(interactions)
        .where(and(eq(interactions.userId, ctx.userId), eq(interactions.id, entry.id)));
    }
    for (const { contactId, before } of payload.contacts) {
      const [row] = await tx
        .update(contacts)
        .set({
          lastContactedAt: date(before.lastContactedAt),
          nextDueAt: date(before.nextDueAt),
          archivedAt: date(before.archivedAt),
          rhythmInterval: before.rhythmInterval,
          rhythmUnit: before.rhythmUnit,
          rhythmSetAt: date(before.rhythmSetAt),
          rhythmTag: before.rhythmTag ?? null,
          updatedAt: new Date(before.updatedAt),
        })
        .where(and(eq(contacts.userId, ctx.userId), eq(contacts.id, contactId)))
        .returning();
      restored.push(row!);
    }
    await tx.delete(contactUndos).where(eq(contactUndos.id, undo.id));
    return restored;
  });
}
