// Who in an import is someone the user already has (or who appears twice in the file): same
// email, same phone number, or same full name — checked in that order.
import { phoneDigits } from "../contact-fields";

export type DuplicateReason = "email" | "phone" | "name";

export type Comparable = {
  firstName: string | null;
  lastName: string | null;
  emails: readonly { value: string }[];
  phones: readonly { value: string; ext?: string }[];
};

// People reached through one switchboard are told apart by their extensions.
export function phoneEntryKey(p: { value: string; ext?: string }): string | null {
  const key = phoneKey(p.value);
  return key && p.ext ? `${key}x${p.ext}` : key;
}

/** The part of a number that survives national vs international writing (+44 20… vs 020…). */
export function phoneKey(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (digits.length < 5) return null;
  return digits.length > 9 ? digits.slice(-9) : digits;
}

export function nameKey(c: Pick<Comparable, "firstName" | "lastName">): string | null {
  const full = [c.firstName, c.lastName]
    .filter(Boolean)
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLocaleLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  return full === "" ? null : full;
}

export type DuplicateIndex<K> = {
  byEmail: Map<string, K>;
  byPhone: Map<string, K>;
  byName: Map<string, K>;
};

export function createDuplicateIndex<K>(): DuplicateIndex<K> {
  return { byEmail: new Map(), byPhone: new Map(), byName: new Map() };
}

/** Adds a contact under its keys; an earlier entry keeps a key it already holds. */
export function addToIndex<K>(index: DuplicateIndex<K>, c: Comparable, key: K): void {
  for (const e of c.emails) {
    const email = e.value.toLowerCase();
    if (email && !index.byEmail.has(email)) index.byEmail.set(email, key);
  }
  for (const p of c.phones) {
    const phone = phoneEntryKey(p);
    if (phone && !index.byPhone.has(phone)) index.byPhone.set(phone, key);
  }
  const name = nameKey(c);
  if (name && !index.byName.has(name)) index.byName.set(name, key);
}

export function buildDuplicateIndex<K>(entries: Iterable<[K, Comparable]>): DuplicateIndex<K> {
  const index = createDuplicateIndex<K>();
  for (const [key, c] of entries) addToIndex(index, c, key);
  return index;
}

export function findDuplicate<K>(
  index: DuplicateIndex<K>,
  c: Comparable,
): { key: K; reason: DuplicateReason } | null {
  for (const e of c.emails) {
    const key = index.byEmail.get(e.value.toLowerCase());
    if (key !== undefined) return { key, reason: "email" };
  }
  for (const p of c.phones) {
    const phone = phoneEntryKey(p);
    const key = phone ? index.byPhone.get(phone) : undefined;
    if (key !== undefined) return { key, reason: "phone" };
  }
  const name = nameKey(c);
  const key = name ? index.byName.get(name) : undefined;
  return key !== undefined ? { key, reason: "name" } : null;
}
