// Each user's contacts kept decoded between list reads (decision 195), so the read right after a
// write costs one statement that sends only what changed, and no contact is converted or
// written again unless it changed or the user's day or zone did. The compressed answers
// (contact-list-cache.ts) serve repeated reads; this serves the read after a write.
//
// What a copy misses is read, not guessed: any insert or update gives a row a new `xmin` (the
// transaction that wrote it), and every transaction that had not ended when the copy was read is
// numbered at or above the copy's snapshot floor. So a read whose list version differs from the
// copy's gets, in one statement, every row written at or above that floor, whole, and how many
// contacts there are; fewer than the copy plus the new rows means deletions, and a second
// statement lists every id with its `xmin` to tell which. Whoever wrote — a route, a job,
// another process on PostgreSQL, a statement past the app — the answer is what a full read
// gives. When the numbers wrapped around 32 bits or went back, or an id's `xmin` does not match
// the copy, everything is read again.
import type { Contact } from "../../../core/contacts";
import type { Db } from "../../db/client";
import { contactFromStored, type StoredContact } from "./contact-view";
import { ByteBudgetMap } from "../../lib/byte-budget-map";
import { readListChanges, type ListChanges } from "./contacts.queries";
import { serializeListedContact } from "./contact-list-serializer";

type Kept = {
  xmin: string;
  stored: StoredContact;
  /** The answer's contact and its JSON, for `viewKey` (zone and day); recomputed when it moves. */
  view?: Contact;
  json?: Buffer;
  viewKey?: string;
};

export type Copy = {
  version: number;
  /** Transactions numbered below this had all ended when the copy was read. */
  floor: number;
  rows: Map<string, Kept>;
};

// Each answer's contact object, kept with its row, and its JSON (serializeListedContact).
const listedJson = new WeakMap<Contact, Buffer>();

/** The JSON of a contact that ContactListStore.list answered. */
export function listedJsonOf(contact: Contact): Buffer {
  const json = listedJson.get(contact);
  if (!json) throw new Error("Not a contact from ContactListStore.list");
  return json;
}

// Memory a copy holds, estimated from its JSON: for 1,000 contacts (0.9 MB of JSON) the objects
// took 1.8 MB of heap and the JSON buffers about 0.9 MB more (measured: decision 195); the
// estimate, 3 × JSON + 1 KB a row ≈ 3.7 MB, errs high.
const OVERHEAD = 3;
const ROW_BYTES = 1_024;

export class ContactListStore {
  /** Each user's copy, counted as an estimate of the memory it holds (its JSON × OVERHEAD). */
  private readonly copies: ByteBudgetMap<Copy>;

  constructor(maxBytes: number) {
    this.copies = new ByteBudgetMap(maxBytes);
  }

  /** The estimated memory kept, all users together. */
  get size(): number {
    return this.copies.size;
  }

  /**
   * The user's contacts as the API answers them on `today` in `timeZone`, from the kept copy
   * when it has `version`, else from the copy brought up to date (one statement).
   */
  async list(
    db: Db,
    user: { userId: string; version: number; timeZone: string; today: string; now: Date },
  ): Promise<Contact[]> {
    const { userId } = user;
    let copy = this.copies.peek(userId);
    if (!copy || copy.version !== user.version) {
      copy = await this.refresh(db, userId, copy);
    }
    if (this.copies.peek(userId) === copy) this.copies.touch(userId);
    const viewKey = `${user.timeZone}\n${user.today}`;
    const ctx = { now: user.now, timeZone: user.timeZone, today: user.today };
    const contacts: Contact[] = [];
    let bytes = 0;
    for (const kept of copy.rows.values()) {
      let { view, json } = kept;
      if (kept.viewKey !== viewKey || !view || !json) {
        view = contactFromStored(kept.stored, ctx);
        json = serializeListedContact(view);
        listedJson.set(view, json);
        Object.assign(kept, { view, json, viewKey });
      }
      contacts.push(view);
      bytes += json.length;
    }
    // The copy's memory, counted once its JSON is written.
    if (this.copies.peek(userId) === copy) {
      this.copies.resize(userId, bytes * OVERHEAD + copy.rows.size * ROW_BYTES);
    }
    return contacts;
  }

  /**
   * Keeps the user's rows in the order of an answer that listed all of them (`contacts`, as
   * list() gave them), so the next answer after a change sorts an almost sorted list: about one
   * comparison per contact instead of ten.
   */
  arrange(userId: string, contacts: readonly Contact[]): void {
    const copy = this.copies.peek(userId);
    if (!copy || copy.rows.size !== contacts.length) return;
    let index = 0;
    let isSame = true;
    for (const id of copy.rows.keys()) {
      if (contacts[index++]?.id !== id) {
        isSame = false;
        break;
      }
    }
    if (isSame) return;
    const rows = new Map<string, Kept>();
    for (const contact of contacts) {
      const kept = copy.rows.get(contact.id);
      if (!kept) return; // not this copy's contacts
      rows.set(contact.id, kept);
    }
    copy.rows = rows;
  }

  private async refresh(db: Db, userId: string, kept: Copy | undefined): Promise<Copy> {
    if (kept) {
      const since = kept.floor % XID_RANGE;
      let changes = await readListChanges(db, userId, since);
      let rows = mergeListChanges(kept, changes);
      if (rows === "deleted") {
        // Fewer contacts than the copy and the changes make: which ones went, from every id.
        changes = await readListChanges(db, userId, since, { withIds: true });
        rows = mergeListChanges(kept, changes);
      }
      if (rows instanceof Map) return this.keep(userId, copyOf(changes, rows));
    }
    const all = await readListChanges(db, userId, -1);
    const rows = new Map<string, Kept>();
    for (const { xmin, contact } of all.changed) rows.set(contact.id, { xmin, stored: contact });
    return this.keep(userId, copyOf(all, rows));
  }

  private keep(userId: string, copy: Copy): Copy {
    const current = this.copies.peek(userId);
    // A slower read answering after a newer one does not replace it.
    if (current && current.version > copy.version) return copy;
    this.copies.set(userId, copy, copy.rows.size * ROW_BYTES);
    return copy;
  }
}

// Transaction numbers as `xmin` shows them: 32 bits, wrapping around.
const XID_RANGE = 2 ** 32;

function copyOf(changes: ListChanges, rows: Map<string, Kept>): Copy {
  return { version: changes.version, floor: changes.floor, rows };
}

/**
 * The copy's rows brought to `changes`' snapshot; "deleted" when rows went and `changes` has no
 * ids to tell which; "stale" when the changes cannot be trusted to hold every row written since
 * the copy (transaction numbers wrapped around or went back: read everything again).
 *
 * Every transaction that had not ended when the copy was read is numbered at or above its
 * floor, so every row inserted or updated since came whole, as long as the numbers between the
 * floor and now did not wrap around 32 bits. What is left is deletions: the count tells whether
 * there were any, and the ids which.
 */
export function mergeListChanges(
  kept: Copy,
  changes: ListChanges,
): Map<string, Kept> | "deleted" | "stale" {
  const isContinuous =
    kept.floor <= changes.next &&
    Math.floor(kept.floor / XID_RANGE) === Math.floor((changes.next - 1) / XID_RANGE);
  if (!isContinuous) return "stale";
  const rows = new Map(kept.rows);
  for (const { xmin, contact } of changes.changed) {
    const old = rows.get(contact.id);
    // A row sent again unchanged (written by the same transaction) keeps its answer.
    if (old?.xmin !== xmin) rows.set(contact.id, { xmin, stored: contact });
  }
  const { present } = changes;
  if (present) {
    for (const [id, row] of rows) {
      const xmin = present.get(id);
      if (xmin === undefined) rows.delete(id);
      else if (xmin !== row.xmin) return "stale";
    }
  }
  if (rows.size === changes.count) return rows;
  return rows.size > changes.count && !present ? "deleted" : "stale";
}
