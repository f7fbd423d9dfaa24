// Writing a planned import inside its transaction: new contacts (in chunks, with their history)
// and merges into existing contacts (with snapshots for undo).
import { and, eq, inArray } from "drizzle-orm";
import type { ContactInput } from "../../../core/contacts";
import type { ImportExtras, ImportedInteraction } from "../../../core/import/map-row";
import type { PlannedCreate, PlannedMerge } from "../../../core/import/plan-import";
import { effectiveRhythm, type GroupRhythm } from "../../../core/group-rhythms";
import { computeNextDueAt, isSameRhythm } from "../../../core/rhythm";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { contacts, interactions } from "../../db/schema/index";
import {
  contactValuesFromInput,
  newContactValues,
  rhythmOf,
  syncContactHistory,
  timeZoneColumnsFor,
  type ContactRow,
} from "../contacts/contacts.public";
import { isSameValue, snapshotOf, type MergeSnapshot } from "./import-rows";

export type WriteContext = {
  userId: string;
  importId: string;
  now: Date;
  timeZone: string;
  /** The user's group rhythms, which imported contacts without a rhythm of their own follow. */
  groups: ReadonlyMap<string, GroupRhythm>;
};

type NewInteraction = typeof interactions.$inferInsert;

const CONTACT_CHUNK = 400;
const INTERACTION_CHUNK = 2000;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

// A JSON export brings the whole history; a CSV or vCard only the last contact date, which
// becomes one logged interaction (as "last contacted" does when creating a contact by hand).
function historyOf(contact: ContactInput, extras: ImportExtras[]): ImportedInteraction[] {
  const full = extras.flatMap((e) => e.interactions ?? []);
  if (full.length > 0) return full;
  const dates = extras.map((e) => e.lastContactedAt).filter((d): d is string => Boolean(d));
  if (dates.length === 0) return [];
  const latest = dates.sort().at(-1)!;
  return [
    {
      occurredAt: latest,
      channel: contact.preferredMethod ?? "other",
      note: null,
      isDateOnly: true,
    },
  ];
}

function latestOf(history: ImportedInteraction[]): Date | null {
  const times = history.map((h) => Date.parse(h.occurredAt));
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

export async function insertCreates(tx: Tx, creates: PlannedCreate[], ctx: WriteContext) {
  const newInteractions: NewInteraction[] = [];
  const values = creates.map((create) => {
    const id = crypto.randomUUID();
    const first = create.extras[0];
    const history = historyOf(create.contact, create.extras);
    const lastContactedAt = latestOf(history);
    const base = newContactValues(create.contact, { ...ctx, lastContactedAt });
    const rhythm = rhythmOf(base);
    const rhythmSetAt = rhythm ? (toDate(first?.rhythmSetAt) ?? base.rhythmSetAt ?? ctx.now) : null;
    // A stored next-due date keeps a snooze from the other account; otherwise recompute.
    const nextDueAt = rhythm
      ? (toDate(first?.nextDueAt) ??
        computeNextDueAt({ rhythm, lastContactedAt, rhythmSetAt, timeZone: ctx.timeZone }))
      : null;
    for (const h of history) {
      newInteractions.push({
        userId: ctx.userId,
        contactId: id,
        occurredAt: new Date(h.occurredAt),
        channel: h.channel,
        note: h.note,
        isDateOnly: h.isDateOnly ?? false,
        importId: ctx.importId,
      });
    }
    return {
      ...base,
      id,
      userId: ctx.userId,
      photoKey: create.extras.find((e) => e.photoKey)?.photoKey ?? null,
      rhythmSetAt,
      nextDueAt,
      archivedAt: toDate(first?.archivedAt),
      importId: ctx.importId,
      // Only a JSON export says when a contact was first added; otherwise it is added now.
      ...(first?.createdAt ? { createdAt: new Date(first.createdAt) } : {}),
    };
  });
  for (const chunk of chunks(values, CONTACT_CHUNK)) await tx.insert(contacts).values(chunk);
  for (const chunk of chunks(newInteractions, INTERACTION_CHUNK))
    await tx.insert(interactions).values(chunk);
  const photoKeys = values.flatMap((v) => (v.photoKey ? [v.photoKey] : []));
  return {
    created: values.length,
    history: newInteractions.length,
    photoKeys,
    ids: values.map((v) => v.id),
  };
}

/** History the import brings that the contact doesn't already have (same time and channel). */
async function newHistoryFor(tx: Tx, merge: PlannedMerge, ctx: WriteContext) {
  const history = historyOf(merge.after, merge.extras);
  if (history.length === 0) return [];
  const existing = await tx
    .select({ occurredAt: interactions.occurredAt, channel: interactions.channel })
    .from(interactions)
    .where(and(eq(interactions.userId, ctx.userId), eq(interactions.contactId, merge.contactId)));
  const seen = new Set(existing.map((i) => `${i.occurredAt.toISOString()}|${i.channel}`));
  return history.filter((h) => !seen.has(`${new Date(h.occurredAt).toISOString()}|${h.channel}`));
}

// The rhythm a merge leaves: the file's own rhythm, else the groups' of the merged tags. The
// inherited rhythm the contact was read with is no rhythm of its own.
function mergedRhythm(row: ContactRow, after: ContactInput, ctx: WriteContext) {
  const own = row.rhythmTag && isSameRhythm(after.rhythm, rhythmOf(row)) ? null : after.rhythm;
  const { rhythm, source } = effectiveRhythm({ own, tags: after.tags, groups: ctx.groups });
  return {
    rhythmInterval: rhythm?.interval ?? null,
    rhythmUnit: rhythm?.unit ?? null,
    rhythmTag: source?.tag ?? null,
  };
}

export async function applyMerges(
  tx: Tx,
  merges: PlannedMerge[],
  ctx: WriteContext,
): Promise<MergeSnapshot[]> {
  if (merges.length === 0) return [];
  const ids = merges.map((m) => m.contactId);
  const rows = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, ctx.userId), inArray(contacts.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const snapshots: MergeSnapshot[] = [];
  for (const merge of merges) {
    const row = byId.get(merge.contactId);
    // The plan's rows are locked, so this cannot happen; should it, the whole import stops
    // rather than drop this row's data without a word.
    if (!row) {
      throw new AppError(
        "CONFLICT",
        "A contact this import would merge into was deleted meanwhile. Nothing was imported; please preview the file again.",
      );
    }
    const before = snapshotOf(row);
    // A photo from the file is taken only by a contact that has none.
    const photoKey = row.photoKey ?? merge.extras.find((e) => e.photoKey)?.photoKey ?? null;
    const values = {
      ...contactValuesFromInput(merge.after),
      ...timeZoneColumnsFor(row, merge.after),
      ...mergedRhythm(row, merge.after, ctx),
      photoKey,
    };
    const changed = Object.entries(values).some(
      ([key, value]) => !isSameValue(value, row[key as keyof ContactRow]),
    );
    const history = await newHistoryFor(tx, merge, ctx);
    if (!changed && history.length === 0) continue;
    const gainsRhythm = !row.rhythmInterval && values.rhythmInterval;
    let updated = row;
    if (changed) {
      [updated] = (await tx
        .update(contacts)
        .set({
          ...values,
          ...(gainsRhythm ? { rhythmSetAt: ctx.now } : {}),
          updatedAt: ctx.now,
        })
        .where(and(eq(contacts.userId, ctx.userId), eq(contacts.id, row.id)))
        .returning()) as [ContactRow];
    }
    if (history.length > 0) {
      await tx.insert(interactions).values(
        history.map((h) => ({
          userId: ctx.userId,
          contactId: row.id,
          occurredAt: new Date(h.occurredAt),
          channel: h.channel,
          note: h.note,
          isDateOnly: h.isDateOnly ?? false,
          importId: ctx.importId,
        })),
      );
    }
    // New history or a first rhythm moves the due date; otherwise a snooze is left alone.
    if (history.length > 0 || gainsRhythm) {
      updated = await syncContactHistory(tx, {
        userId: ctx.userId,
        contactId: row.id,
        timeZone: ctx.timeZone,
      });
    }
    snapshots.push({ id: row.id, before, after: snapshotOf(updated) });
  }
  return snapshots;
}
