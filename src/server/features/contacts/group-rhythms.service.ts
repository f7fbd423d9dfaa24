// Groups with a rhythm on the server. A contact's rhythm columns hold the rhythm it goes by and
// `rhythmTag` the group it follows (null for its own): every writer that can change a contact's
// own rhythm, its tags or a group's rhythm puts both through effectiveRhythm here, so due dates,
// the digest and every other reader of the columns agree without knowing about groups.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { GroupRhythmResult, TagSummary } from "../../../core/group-rhythm-schema";
import { effectiveRhythm, tagKey, type EffectiveRhythm } from "../../../core/group-rhythms";
import {
  computeNextDueAt,
  isSameRhythm,
  rhythmFromColumns,
  type Rhythm,
} from "../../../core/rhythm";
import type { Db, Tx } from "../../db/client";
import { contacts, tagRhythms } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactRow, ContactValues } from "./contact-columns";
import type { ContactContext } from "./contact-context";
import { rhythmOf } from "./contacts.service";
import { loadGroupRhythms, writeGroupRhythm } from "./group-rhythms.queries";
import { recordUndo } from "./undo.service";

type Clock = { now: Date; timeZone: string };
type RhythmColumns = Pick<
  ContactRow,
  "rhythmInterval" | "rhythmUnit" | "rhythmTag" | "lastContactedAt"
>;

/** The contact's own rhythm: none while it follows a group. */
export function ownRhythmOf(row: RhythmColumns): Rhythm | null {
  return row.rhythmTag ? null : rhythmOf(row);
}

/** A rhythm that starts counting now (or from the last contact). */
export function rhythmChange(
  row: Pick<ContactRow, "lastContactedAt">,
  rhythm: Rhythm | null,
  clock: Clock,
) {
  const rhythmSetAt = rhythm ? clock.now : null;
  return {
    rhythmInterval: rhythm?.interval ?? null,
    rhythmUnit: rhythm?.unit ?? null,
    rhythmSetAt,
    nextDueAt: computeNextDueAt({
      rhythm,
      lastContactedAt: row.lastContactedAt,
      rhythmSetAt,
      timeZone: clock.timeZone,
    }),
  };
}

/**
 * The columns that put a contact on `target` (nothing when it already is). A new rhythm starts
 * counting now; the same rhythm from another source keeps its due date, snooze included.
 */
export function rhythmColumnsFor(
  row: RhythmColumns,
  target: EffectiveRhythm,
  clock: Clock,
): Partial<ContactValues> {
  const rhythmTag = target.source?.tag ?? null;
  if (!isSameRhythm(rhythmOf(row), target.rhythm)) {
    return { ...rhythmChange(row, target.rhythm, clock), rhythmTag };
  }
  return row.rhythmTag === rhythmTag ? {} : { rhythmTag };
}

/** Whether a change of columns moves the contact's rhythm itself (not only its source). */
export function changesRhythm(values: Partial<ContactValues>): boolean {
  return "rhythmInterval" in values;
}

function groupNotFound(tag: string): AppError {
  return new AppError(
    "NOT_FOUND",
    `No contact has the tag "${tag}". Tag someone with it first, then give the group a rhythm.`,
  );
}

async function contactsTagged(tx: Tx, userId: string, key: string): Promise<ContactRow[]> {
  return tx
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        sql`exists (select 1 from unnest(${contacts.tags}) as t(tag) where lower(t.tag) = ${key})`,
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .for("update");
}

/**
 * Sets (or, with null, clears) a tag's default rhythm and moves everyone it concerns in one
 * transaction with one undo. A preview counts and writes nothing. Answers 404 for a tag that no
 * contact of the user carries and that has no rhythm.
 */
export async function setGroupRhythm(
  db: Db,
  input: { tag: string; rhythm: Rhythm | null; preview?: boolean },
  ctx: ContactContext,
): Promise<GroupRhythmResult> {
  const key = tagKey(input.tag);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(tagRhythms)
      .where(and(eq(tagRhythms.userId, ctx.userId), eq(tagRhythms.tagKey, key)))
      .for("update");
    const rows = await contactsTagged(tx, ctx.userId, key);
    if (rows.length === 0 && !existing) throw groupNotFound(input.tag);
    // The group goes by the spelling its contacts carry, so "close friends" in a URL still
    // shows as "Close friends".
    const tag = rows[0]?.tags.find((t) => tagKey(t) === key) ?? existing?.tag ?? input.tag;
    const groups = await loadGroupRhythms(tx, ctx.userId);
    if (input.rhythm) groups.set(key, { tag, rhythm: input.rhythm });
    else groups.delete(key);

    const changes: { row: ContactRow; values: Partial<ContactValues> }[] = [];
    let followers = 0;
    for (const row of rows) {
      const target = effectiveRhythm({ own: ownRhythmOf(row), tags: row.tags, groups });
      if (target.source && tagKey(target.source.tag) === key) followers += 1;
      const values = rhythmColumnsFor(row, target, ctx);
      if (Object.keys(values).length > 0) changes.push({ row, values });
    }
    const before = existing
      ? {
          tag: existing.tag,
          rhythm: rhythmFromColumns(existing.rhythmInterval, existing.rhythmUnit),
        }
      : null;
    const after = input.rhythm ? { tag, rhythm: input.rhythm } : null;
    const result = {
      tag,
      rhythm: input.rhythm,
      contacts: rows.length,
      followers,
      updated: changes.filter((c) => changesRhythm(c.values)).length,
      undoId: null,
    };
    const isSameGroup =
      before?.tag === after?.tag && isSameRhythm(before?.rhythm ?? null, after?.rhythm ?? null);
    if (input.preview || (isSameGroup && changes.length === 0)) return result;

    await writeGroupRhythm(tx, ctx.userId, key, after, ctx.now);
    const written = await writeRhythmColumns(tx, ctx, changes);
    const undoId = await recordUndo(tx, {
      userId: ctx.userId,
      action: "group-rhythm",
      changes: written,
      group: { tagKey: key, before, after },
    });
    return { ...result, undoId };
  });
}

/**
 * Writes each contact's new rhythm columns in one statement (a group can have hundreds of
 * followers, each with its own due date) and answers each row before and after.
 */
async function writeRhythmColumns(
  tx: Tx,
  ctx: ContactContext,
  changes: { row: ContactRow; values: Partial<ContactValues> }[],
): Promise<{ before: ContactRow; after: ContactRow }[]> {
  if (changes.length === 0) return [];
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  const rows = changes.map(({ row, values }) => {
    const next = { ...row, ...values };
    return sql`(${row.id}::uuid, ${next.rhythmInterval}::integer, ${next.rhythmUnit}::text, ${next.rhythmTag}::text, ${iso(next.rhythmSetAt)}::timestamptz, ${iso(next.nextDueAt)}::timestamptz)`;
  });
  await tx.execute(sql`
    update ${contacts} set
      rhythm_interval = v.rhythm_interval, rhythm_unit = v.rhythm_unit, rhythm_tag = v.rhythm_tag,
      rhythm_set_at = v.rhythm_set_at, next_due_at = v.next_due_at,
      updated_at = ${ctx.now.toISOString()}::timestamptz
    from (values ${sql.join(rows, sql`, `)})
      as v(id, rhythm_interval, rhythm_unit, rhythm_tag, rhythm_set_at, next_due_at)
    where ${contacts.userId} = ${ctx.userId} and ${contacts.id} = v.id`);
  const ids = changes.map((c) => c.row.id);
  const after = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, ctx.userId), inArray(contacts.id, ids)));
  const byId = new Map(after.map((row) => [row.id, row]));
  return changes.map(({ row }) => ({ before: row, after: byId.get(row.id)! }));
}

/**
 * Every tag of the user's contacts (archived ones left out, as in the filters) with how many
 * carry it, its rhythm and how many follow it; and groups with a rhythm that nobody carries any
 * more, so their rhythm can still be cleared.
 */
export async function listTagSummaries(db: Db, userId: string): Promise<TagSummary[]> {
  const rows = await db
    .select({ tags: contacts.tags, rhythmTag: contacts.rhythmTag, archivedAt: contacts.archivedAt })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
  const groups = await loadGroupRhythms(db, userId);
  const summaries = new Map<string, TagSummary>();
  const summaryOf = (tag: string) => {
    const key = tagKey(tag);
    let summary = summaries.get(key);
    if (!summary) {
      const group = groups.get(key);
      summary = { tag: group?.tag ?? tag, count: 0, rhythm: group?.rhythm ?? null, followers: 0 };
      summaries.set(key, summary);
    }
    return summary;
  };
  for (const row of rows) {
    if (row.archivedAt) continue;
    for (const tag of row.tags) summaryOf(tag).count += 1;
    if (row.rhythmTag) summaryOf(row.rhythmTag).followers += 1;
  }
  for (const group of groups.values()) summaryOf(group.tag);
  return [...summaries.values()].sort(
    (a, b) => b.count - a.count || a.tag.localeCompare(b.tag, "en", { sensitivity: "base" }),
  );
}
