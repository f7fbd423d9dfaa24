// Drizzle reads and writes of one user's contacts. Every function takes the user's id and
// filters by it, so another user's contact is simply not found.
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { contactListVersions, contacts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { compileFunction, objectLiteral } from "../../lib/compile-object";
import {
  CONTACT_TIME_COLUMNS,
  isoFromUtcText,
  rowFromStored,
  type StoredContact,
} from "./contact-view";
import type { ContactRow } from "./contact-columns";

type Executor = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function contactNotFound(): AppError {
  return new AppError("NOT_FOUND", "That contact was not found. It may have been deleted.");
}

type RowOptions = { forUpdate?: boolean };

export async function findContactRow(
  db: Executor,
  userId: string,
  contactId: string,
  options: RowOptions = {},
): Promise<ContactRow | undefined> {
  if (!isUuid(contactId)) return undefined;
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

export async function getContactRow(
  db: Executor,
  userId: string,
  contactId: string,
  options: RowOptions = {},
): Promise<ContactRow> {
  const row = await findContactRow(db, userId, contactId, options);
  if (!row) throw contactNotFound();
  return row;
}

// The list's columns: every column of a contact but its owner, read from the table by name.
// Times are converted to UTC wall-clock time, whose JSON text ("2025-01-31T23:00:00.123456")
// does not depend on the session's time zone and turns into toISOString()'s form without a Date.
export type ListColumn = { name: string; value: SQL | PgColumn; isTime: boolean };

export const LIST_COLUMNS: readonly ListColumn[] = Object.entries(getTableColumns(contacts))
  .filter(([name]) => name !== "userId")
  .map(([name, column]) => {
    const isTime = (CONTACT_TIME_COLUMNS as string[]).includes(name);
    return { name, isTime, value: isTime ? sql`${column} at time zone 'UTC'` : column };
  });

type Value = string | number | boolean | null | object;

/**
 * Decodes the list's rows (arrays of values in `columns`' order) by name: the names come from
 * the same list that wrote the select, so no column can shift another. Compiled to one object
 * literal per row (see compile-object.ts).
 */
export function listRowDecoder(columns: readonly ListColumn[]): (row: Value[]) => StoredContact {
  const entries = columns.map(({ name, isTime }, i) => {
    const value = `row[${i}]`;
    return [name, isTime ? `${value} === null ? null : iso(${value})` : value] as const;
  });
  return compileFunction(["row"], objectLiteral(entries), { iso: isoFromUtcText });
}

const decodeListRow = listRowDecoder(LIST_COLUMNS);

/**
 * Every contact of the user, times as ISO strings. The rows come back as one JSON text of
 * arrays: embedded PGlite decodes each value of a result separately, and for 1,000 rows × 30
 * columns that took ~17 ms against ~6 ms this way; arrays rather than objects halve the text
 * (PostgreSQL: ~5.5 ms → ~3.8 ms). See decision 022. `columns` is for tests.
 */
export async function listStoredContacts(
  db: Executor,
  userId: string,
  columns: readonly ListColumn[] = LIST_COLUMNS,
): Promise<StoredContact[]> {
  const values = sql.join(
    columns.map((column) => column.value),
    sql`, `,
  );
  // Both drivers answer { rows: [...] }.
  const result: unknown = await db.execute(
    sql`select coalesce(json_agg(json_build_array(${values})), '[]'::json)::text as rows from ${contacts} where ${contacts.userId} = ${userId}`,
  );
  const text = (result as { rows: { rows: string }[] }).rows[0]?.rows ?? "[]";
  const decode = columns === LIST_COLUMNS ? decodeListRow : listRowDecoder(columns);
  return (JSON.parse(text) as Value[][]).map(decode);
}

/** What changed in a user's contacts since a kept copy was read (contact-list-store.ts). */
export type ListChanges = {
  /** The user's list version, read in the same statement (one snapshot) as the rows. */
  version: number;
  /** The snapshot's oldest running transaction and next one, with their epoch (64 bits). */
  floor: number;
  next: number;
  /** How many contacts the user has now. */
  count: number;
  /** Only when asked for: every contact's id → the transaction that wrote its current row. */
  present?: Map<string, string>;
  /** Every row written by a transaction numbered `since` or later (32 bits, as `xmin`). */
  changed: { xmin: string; contact: StoredContact }[];
};

// Built once: the select list is the same for every user.
const LIST_VALUES = sql.join(
  LIST_COLUMNS.map((column) => column.value),
  sql`, `,
);

/**
 * The user's contacts as changes to a kept copy, in one statement (one snapshot): the list
 * version, the snapshot's transaction bounds, how many contacts there are, and the whole row
 * only where the transaction that wrote it (`xmin`: any insert or update gives a row a new one,
 * on PGlite and PostgreSQL alike) is numbered `since` or later. `withIds` adds every id with its
 * row's `xmin`, which tells which rows were deleted. See decision 195.
 */
export async function readListChanges(
  db: Executor,
  userId: string,
  since: number,
  options: { withIds?: boolean } = {},
): Promise<ListChanges> {
  const ids = options.withIds
    ? sql`coalesce(string_agg(${contacts.id}::text || ' ' || xmin::text, ','), '')`
    : sql`null`;
  const result: unknown = await db.execute(
    sql`select
      (select ${contactListVersions.version} from ${contactListVersions} where ${contactListVersions.userId} = ${userId}) as version,
      txid_snapshot_xmin(txid_current_snapshot()) as floor,
      txid_snapshot_xmax(txid_current_snapshot()) as next,
      count(*) as count,
      ${ids} as present,
      coalesce(json_agg(json_build_array(${LIST_VALUES}, xmin::text)) filter (where xmin::text::bigint >= ${since}), '[]'::json)::text as changed
    from ${contacts} where ${contacts.userId} = ${userId}`,
  );
  type Row = Record<"version" | "floor" | "next" | "count", unknown> & {
    present: string | null;
    changed: string;
  };
  const [row] = (result as { rows: Row[] }).rows;
  if (!row) throw new Error("An aggregate answered no row");
  let present: Map<string, string> | undefined;
  if (row.present !== null) {
    present = new Map();
    for (const pair of row.present ? row.present.split(",") : []) {
      const space = pair.indexOf(" ");
      present.set(pair.slice(0, space), pair.slice(space + 1));
    }
  }
  const changed = (JSON.parse(row.changed) as Value[][]).map((values) => ({
    xmin: values[values.length - 1] as string,
    contact: decodeListRow(values),
  }));
  return {
    version: Number(row.version ?? 0),
    floor: Number(row.floor),
    next: Number(row.next),
    count: Number(row.count),
    present,
    changed,
  };
}

/** Every contact of the user, as Drizzle would give them. */
export async function listContactRows(db: Executor, userId: string): Promise<ContactRow[]> {
  const stored = await listStoredContacts(db, userId);
  return stored.map((c) => rowFromStored(c, userId));
}

export async function updateContactRow(
  db: Executor,
  userId: string,
  contactId: string,
  values: Partial<typeof contacts.$inferInsert>,
): Promise<ContactRow> {
  if (!isUuid(contactId)) throw contactNotFound();
  // Nothing to change (a save that changed nothing): nothing to write, updatedAt included.
  if (Object.keys(values).length === 0) return getContactRow(db, userId, contactId);
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .returning();
  if (!row) throw contactNotFound();
  return row;
}

export async function deleteContactRow(db: Executor, userId: string, contactId: string) {
  if (!isUuid(contactId)) throw contactNotFound();
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw contactNotFound();
}

/** The user's contacts among `ids`, or carrying `tag` (ignoring case); not archived ones by tag. */
export async function selectContactsFor(
  db: Executor,
  userId: string,
  target: { contactIds?: string[]; tag?: string },
): Promise<ContactRow[]> {
  if (target.contactIds?.length) {
    return db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, target.contactIds)));
  }
  const tag = (target.tag ?? "").toLocaleLowerCase();
  return db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        isNull(contacts.archivedAt),
        sql`exists (select 1 from unnest(${contacts.tags}) as t(tag) where lower(t.tag) = ${tag})`,
      ),
    );
}
