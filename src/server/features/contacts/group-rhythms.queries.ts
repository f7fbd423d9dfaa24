// Drizzle reads and writes of a user's group rhythms (a tag's default rhythm).
import { and, eq } from "drizzle-orm";
import type { GroupRhythm } from "../../../core/group-rhythms";
import { rhythmFromColumns, type Rhythm } from "../../../core/rhythm";
import type { Db, Tx } from "../../db/client";
import { tagRhythms } from "../../db/schema/index";

type Executor = Db | Tx;

/** The user's group rhythms, by tag key. */
export async function loadGroupRhythms(
  db: Executor,
  userId: string,
): Promise<Map<string, GroupRhythm>> {
  const rows = await db.select().from(tagRhythms).where(eq(tagRhythms.userId, userId));
  const groups = new Map<string, GroupRhythm>();
  for (const row of rows) {
    const rhythm = rhythmFromColumns(row.rhythmInterval, row.rhythmUnit);
    if (rhythm) groups.set(row.tagKey, { tag: row.tag, rhythm });
  }
  return groups;
}

/** A group's rhythm as stored: set (under its spelling) or removed. */
export async function writeGroupRhythm(
  tx: Tx,
  userId: string,
  key: string,
  group: { tag: string; rhythm: Rhythm | null } | null,
  now: Date,
) {
  if (!group?.rhythm) {
    await tx
      .delete(tagRhythms)
      .where(and(eq(tagRhythms.userId, userId), eq(tagRhythms.tagKey, key)));
    return;
  }
  const values = {
    tag: group.tag,
    rhythmInterval: group.rhythm.interval,
    rhythmUnit: group.rhythm.unit,
    updatedAt: now,
  };
  await tx
    .insert(tagRhythms)
    .values({ userId, tagKey: key, ...values })
    .onConflictDoUpdate({ target: [tagRhythms.userId, tagRhythms.tagKey], set: values });
}
