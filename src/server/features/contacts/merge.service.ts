// Finding a user's likely duplicates, and merging copies of one person into the contact kept:
// chosen values, combined lists, the copies' history and references moved to it, the copies
// removed, all in one transaction with one undo for everything.
import { and, arrayOverlaps, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { UNDO_WINDOW_MS } from "../../../core/constants";
import { planMerge, type ContactMerge, type MergeSource } from "../../../core/contact-merge";
import { NAME_REQUIRED, STALE_CONTACT_MESSAGE, type ContactInput } from "../../../core/contacts";
import { findDuplicateGroups } from "../../../core/duplicates";
import { effectiveRhythm, type GroupRhythm } from "../../../core/group-rhythms";
import { computeNextDueAt, isSameRhythm } from "../../../core/rhythm";
import type { Db, Tx } from "../../db/client";
import {
  contactUndos,
  contacts,
  householdMembers,
  interactions,
  reminderDeliveries,
  replyActions,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { contactValuesFromInput, inputFromRow, type ContactRow } from "./contact-columns";
import { timeZoneColumnsFor } from "./contact-time-zone";
import type { ContactContext } from "./contact-context";
import { countHistory, isUuid } from "./contacts.queries";
import { rhythmOf } from "./contacts.service";
import { loadGroupRhythms } from "./group-rhythms.queries";
import { ownRhythmOf } from "./group-rhythms.service";
import { moveRelationships } from "./relationships.queries";
import { storeContact, type MergeRecord, type MergeUndoPayload } from "./merge-undo";
import { insertUndo } from "./undo.service";

/** The user's active contacts in groups of likely duplicates, strongest first. */
export async function findDuplicates(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), isNull(contacts.archivedAt)))
    // Oldest first, so a reason names the original's value whichever index the planner uses.
    .orderBy(contacts.createdAt, contacts.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return findDuplicateGroups(rows).map((group) => ({
    ...group,
    // Oldest first: the copy made first reads as the original.
    rows: group.contactIds
      .map((id) => byId.get(id)!)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)),
  }));
}

function sourceOf(row: ContactRow): MergeSource {
  return {
    id: row.id,
    updatedAt: row.updatedAt.toISOString(),
    hasPhoto: Boolean(row.photoKey),
    values: inputFromRow(row),
  };
}

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

/** The kept contact's new columns: the plan's fields, the chosen photo and rhythm's timing. */
function mergedColumns(
  keep: ContactRow,
  copies: ContactRow[],
  merge: ContactMerge,
  ctx: ContactContext & { groups: ReadonlyMap<string, GroupRhythm> },
) {
  const { groups } = ctx;
  const all = [keep, ...copies];
  const { values, fields } = planMerge(all.map(sourceOf), keep.id, merge.fields);
  const input = values as ContactInput;
  if (!input.firstName && !input.lastName) {
    throw new AppError("BAD_REQUEST", "The merged contact needs a first or last name.", {
      firstName: NAME_REQUIRED,
    });
  }
  const byId = new Map(all.map((row) => [row.id, row]));
  // The chosen copy's own rhythm, or else the merged tags' group rhythm, as on any edit.
  const rhythmFrom = byId.get(fields.rhythm!)!;
  const target = effectiveRhythm({ own: ownRhythmOf(rhythmFrom), tags: input.tags, groups });
  const { rhythm } = target;
  const rhythmSetAt = rhythm ? (rhythmFrom.rhythmSetAt ?? ctx.now) : null;
  const lastContactedAt = latest(all.map((row) => row.lastContactedAt));
  // The chosen rhythm's due day stands (snooze included) unless another copy was seen later.
  const keepsDueDay =
    isSameRhythm(rhythm, rhythmOf(rhythmFrom)) &&
    rhythmFrom.lastContactedAt?.getTime() === lastContactedAt?.getTime() &&
    rhythmFrom.nextDueAt;
  const nextDueAt = !rhythm
    ? null
    : keepsDueDay
      ? rhythmFrom.nextDueAt
      : computeNextDueAt({ rhythm, lastContactedAt, rhythmSetAt, timeZone: ctx.timeZone });
  return {
    ...contactValuesFromInput(input),
    // The zone goes with the chosen place, hand-set or not.
    ...timeZoneColumnsFor(byId.get(fields.place!) ?? keep, input),
    photoKey: byId.get(fields.photo!)!.photoKey,
    rhythmInterval: rhythm?.interval ?? null,
    rhythmUnit: rhythm?.unit ?? null,
    rhythmTag: target.source?.tag ?? null,
    rhythmSetAt,
    lastContactedAt,
    nextDueAt,
    updatedAt: ctx.now,
  };
}

// Reply actions that named a copy name the kept contact instead.
async function moveReplyActions(tx: Tx, userId: string, keepId: string, copyIds: string[]) {
  const found = await tx
    .select({
      id: replyActions.id,
      contactId: replyActions.contactId,
      candidateIds: replyActions.candidateIds,
    })
    .from(replyActions)
    .where(
      and(
        eq(replyActions.userId, userId),
        or(
          inArray(replyActions.contactId, copyIds),
          arrayOverlaps(replyActions.candidateIds, copyIds),
        ),
      ),
    );
  const swap = (id: string) => (copyIds.includes(id) ? keepId : id);
  for (const action of found) {
    await tx
      .update(replyActions)
      .set({
        contactId: action.contactId && swap(action.contactId),
        candidateIds: [...new Set(action.candidateIds.map(swap))],
      })
      .where(eq(replyActions.id, action.id));
  }
  return found;
}

// A sent digest's people (what a reply's numbers mean) name the kept contact in a copy's place.
async function moveDeliveries(tx: Tx, userId: string, keepId: string, copyIds: string[]) {
  const found = await tx
    .select({ id: reminderDeliveries.id, contactIds: reminderDeliveries.contactIds })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.userId, userId),
        sql`jsonb_exists_any(${reminderDeliveries.contactIds}, array[${sql.join(
          copyIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[])`,
      ),
    );
  for (const delivery of found) {
    await tx
      .update(reminderDeliveries)
      .set({ contactIds: delivery.contactIds!.map((id) => (copyIds.includes(id) ? keepId : id)) })
      .where(eq(reminderDeliveries.id, delivery.id));
  }
  return found.map((d) => ({ id: d.id, contactIds: d.contactIds! }));
}

async function mergeOne(
  tx: Tx,
  merge: ContactMerge,
  byId: Map<string, ContactRow>,
  ctx: ContactContext & { groups: ReadonlyMap<string, GroupRhythm> },
): Promise<{ row: ContactRow; record: MergeRecord; photoKeys: string[] }> {
  const { userId } = ctx;
  const keep = byId.get(merge.keepId)!;
  const copies = merge.mergeIds.map((id) => byId.get(id)!);
  const copyIds = copies.map((row) => row.id);
  const columns = mergedColumns(keep, copies, merge, ctx);
  const moved = await tx
    .select({ id: interactions.id, contactId: interactions.contactId })
    .from(interactions)
    .where(and(eq(interactions.userId, userId), inArray(interactions.contactId, copyIds)));
  await tx
    .update(interactions)
    .set({ contactId: keep.id })
    .where(and(eq(interactions.userId, userId), inArray(interactions.contactId, copyIds)));
  const actions = await moveReplyActions(tx, userId, keep.id, copyIds);
  const deliveries = await moveDeliveries(tx, userId, keep.id, copyIds);
  const memberships = await tx
    .select({ contactId: householdMembers.contactId, householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(
      and(
        eq(householdMembers.userId, userId),
        inArray(householdMembers.contactId, [keep.id, ...copyIds]),
      ),
    );
  const links = await moveRelationships(tx, userId, keep.id, copyIds);
  await tx.delete(contacts).where(and(eq(contacts.userId, userId), inArray(contacts.id, copyIds)));
  // The kept contact stays in its own household, or else joins the first copy's.
  const joins = memberships.some((m) => m.contactId === keep.id)
    ? undefined
    : copyIds.map((id) => memberships.find((m) => m.contactId === id)).find(Boolean);
  if (joins) {
    await tx
      .insert(householdMembers)
      .values({ userId, contactId: keep.id, householdId: joins.householdId });
  }
  const [row] = await tx
    .update(contacts)
    .set(columns)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, keep.id)))
    .returning();
  const photoKeys = [keep, ...copies]
    .map((c) => c.photoKey)
    .filter((key): key is string => Boolean(key) && key !== columns.photoKey);
  return {
    row: row!,
    photoKeys,
    record: {
      kept: storeContact(keep),
      keptAfter: row!.updatedAt.toISOString(),
      removed: copies.map(storeContact),
      interactions: moved,
      historyCount: await countHistory(tx, userId, keep.id),
      replyActions: actions,
      deliveries,
      households: memberships,
      relationships: links.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
  };
}

/**
 * Expired merge undos go, and with them the photo files they kept that no contact names: the
 * caller removes those from storage once the transaction is committed.
 */
async function dropExpiredMergeUndos(tx: Tx, userId: string): Promise<string[]> {
  const expired = await tx
    .delete(contactUndos)
    .where(
      and(
        eq(contactUndos.userId, userId),
        eq(contactUndos.action, "merge"),
        lt(contactUndos.createdAt, new Date(Date.now() - UNDO_WINDOW_MS)),
      ),
    )
    .returning({ payload: contactUndos.payload });
  const keys = expired.flatMap(({ payload }) => (payload as MergeUndoPayload).photoKeys);
  if (keys.length === 0) return [];
  const named = await tx
    .select({ key: contacts.photoKey })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.photoKey, keys)));
  const stillNamed = new Set(named.map((n) => n.key));
  return keys.filter((key) => !stillNamed.has(key));
}

/**
 * Merges each group into its kept contact, in one transaction, with one undo for all. 404 when
 * any contact is not the user's (nothing merged); 409 when one changed since the preview.
 */
export async function mergeContacts(db: Db, merges: ContactMerge[], ctx: ContactContext) {
  const ids = merges.flatMap((m) => [m.keepId, ...m.mergeIds]);
  return db.transaction(async (tx) => {
    // Locked in one order, so two merges of overlapping contacts cannot deadlock.
    const rows = ids.every(isUuid)
      ? await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.userId, ctx.userId), inArray(contacts.id, ids)))
          .orderBy(contacts.id)
          .for("update")
      : [];
    if (rows.length !== ids.length) {
      throw new AppError(
        "NOT_FOUND",
        ids.length === 2
          ? "That contact was not found. It may have been deleted. Nothing was merged."
          : "Some of those contacts were not found. They may have been deleted. Nothing was merged.",
      );
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const merge of merges) {
      for (const [id, expected] of Object.entries(merge.expectedUpdatedAt ?? {})) {
        const row = byId.get(id);
        if (row && row.updatedAt.getTime() !== Date.parse(expected)) {
          throw new AppError("CONFLICT", STALE_CONTACT_MESSAGE);
        }
      }
    }
    const groups = await loadGroupRhythms(tx, ctx.userId);
    const merged: ContactRow[] = [];
    const payload: MergeUndoPayload = { merges: [], photoKeys: [] };
    for (const merge of merges) {
      const { row, record, photoKeys } = await mergeOne(tx, merge, byId, { ...ctx, groups });
      merged.push(row);
      payload.merges.push(record);
      payload.photoKeys.push(...photoKeys);
    }
    const unusedPhotoKeys = await dropExpiredMergeUndos(tx, ctx.userId);
    const undoId = await insertUndo(tx, { userId: ctx.userId, action: "merge", payload });
    return { contacts: merged, undoId, unusedPhotoKeys };
  });
}
