// Contact rules on the server: the 1,000 limit, mapping input to rows and rows to the API shape,
// and keeping last-contacted / next-due in step with history. Also used by the importer.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { CONTACT_LIMIT } from "../../../core/constants";
import type { ContactInput } from "../../../core/contacts";
import {
  computeNextDueAt,
  isValidTimeZone,
  rhythmFromColumns,
  type Rhythm,
} from "../../../core/rhythm";
import { effectiveRhythm, type GroupRhythm } from "../../../core/group-rhythms";
import type { Db, Tx } from "../../db/client";
import { contacts, interactions, userSettings, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { contactValuesFromInput, type ContactRow, type ContactValues } from "./contact-columns";
import { timeZoneColumnsFor } from "./contact-time-zone";

type Executor = Db | Tx;

export async function getUserTimeZone(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: userSettings.timezone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row && isValidTimeZone(row.timezone) ? row.timezone : "UTC";
}

export function limitMessage(room: number, adding: number): string {
  const limit = CONTACT_LIMIT.toLocaleString("en-US");
  if (room <= 0) {
    return `You have reached the limit of ${limit} contacts. Delete contacts you no longer need to add more.`;
  }
  return `That would add ${adding.toLocaleString("en-US")} contacts, but you have room for ${room.toLocaleString("en-US")} more (the limit is ${limit}). Delete some contacts or add fewer.`;
}

/**
 * Throws LIMIT_REACHED when `adding` more contacts would take the user past the limit. Call it
 * inside the transaction that inserts: it locks the user's row, so concurrent creates and
 * imports for one user are counted one after another. Archived contacts count too.
 */
export async function assertContactCapacity(tx: Tx, userId: string, adding: number) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  const [row] = await tx.select({ n: count() }).from(contacts).where(eq(contacts.userId, userId));
  const room = CONTACT_LIMIT - (row?.n ?? 0);
  if (adding > room) throw new AppError("LIMIT_REACHED", limitMessage(room, adding));
}

/**
 * A full input (create, import) → the values to insert, due date included. Without a rhythm of
 * its own, the contact follows its groups' (`groups`: loadGroupRhythms).
 */
export function newContactValues(
  input: ContactInput & { isTimeZoneSetByHand?: boolean },
  options: {
    now: Date;
    timeZone: string;
    lastContactedAt?: Date | null;
    groups: ReadonlyMap<string, GroupRhythm>;
  },
): ContactValues {
  const lastContactedAt = options.lastContactedAt ?? null;
  const { rhythm, source } = effectiveRhythm({
    own: input.rhythm,
    tags: input.tags,
    groups: options.groups,
  });
  const rhythmSetAt = rhythm ? options.now : null;
  return {
    ...(contactValuesFromInput(input) as ContactValues),
    ...timeZoneColumnsFor(null, input),
    rhythmInterval: rhythm?.interval ?? null,
    rhythmUnit: rhythm?.unit ?? null,
    rhythmTag: source?.tag ?? null,
    rhythmSetAt,
    lastContactedAt,
    nextDueAt: computeNextDueAt({
      rhythm,
      lastContactedAt,
      rhythmSetAt,
      timeZone: options.timeZone,
    }),
  };
}

/** The rhythm a contact goes by (its own or a group's: the columns hold whichever applies). */
export function rhythmOf(row: Pick<ContactValues, "rhythmInterval" | "rhythmUnit">): Rhythm | null {
  return rhythmFromColumns(row.rhythmInterval, row.rhythmUnit);
}

/**
 * Sets last-contacted to the latest interaction and recomputes the next due date from it (or
 * from when the rhythm was set). Drops any snooze. Call after any history change that may move
 * the latest interaction, inside the same transaction.
 */
export async function syncContactHistory(
  tx: Executor,
  options: { userId: string; contactId: string; timeZone: string },
): Promise<ContactRow> {
  const { userId, contactId, timeZone } = options;
  const [latest] = await tx
    .select({ occurredAt: interactions.occurredAt })
    .from(interactions)
    .where(and(eq(interactions.userId, userId), eq(interactions.contactId, contactId)))
    .orderBy(desc(interactions.occurredAt))
    .limit(1);
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)));
  if (!row) throw new AppError("NOT_FOUND", "That contact was not found.");
  const lastContactedAt = latest?.occurredAt ?? null;
  const nextDueAt = computeNextDueAt({
    rhythm: rhythmOf(row),
    lastContactedAt,
    rhythmSetAt: row.rhythmSetAt,
    timeZone,
  });
  const [updated] = await tx
    .update(contacts)
    .set({ lastContactedAt, nextDueAt })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .returning();
  return updated!;
}

/** Recomputes every next due date of a user (e.g. after a time-zone change). Drops snoozes. */
export async function recomputeDueDates(tx: Executor, userId: string, timeZone: string) {
  const rows = await tx
    .select({
      id: contacts.id,
      rhythmInterval: contacts.rhythmInterval,
      rhythmUnit: contacts.rhythmUnit,
      rhythmSetAt: contacts.rhythmSetAt,
      lastContactedAt: contacts.lastContactedAt,
    })
    .from(contacts)
    .where(eq(contacts.userId, userId));
  for (const row of rows) {
    const nextDueAt = computeNextDueAt({ ...row, rhythm: rhythmOf(row), timeZone });
    // A new time zone is not an edit of the contact: its updatedAt stays.
    await tx
      .update(contacts)
      .set({ nextDueAt, updatedAt: sql`${contacts.updatedAt}` })
      .where(and(eq(contacts.userId, userId), eq(contacts.id, row.id)));
  }
}
