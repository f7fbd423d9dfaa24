// Search, filters, sort and per-state counts over a user's contacts. One implementation serves
// the API (over at most 1,000 rows) and the contacts screen (per keystroke, client-side). No zod
// here, so the screen loads without it (the query and answer schemas: contact-list-schema.ts).
import type { ContactListSelection } from "./contact-list-schema";
import type { Contact } from "./contacts";
import { phoneText } from "./phone-numbers";
import { DUE_STATES, rhythmKey, type DueState } from "./rhythm";

export const CONTACT_SORTS = ["next_due", "name", "last_contacted", "recently_added"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export const CONTACT_SORT_LABELS: Record<ContactSort, string> = {
  next_due: "Next due",
  name: "Name",
  last_contacted: "Last contacted",
  recently_added: "Recently added",
};

export const STATE_COUNT_KEYS = [...DUE_STATES, "all"] as const;
export type StateCounts = Record<(typeof STATE_COUNT_KEYS)[number], number>;

// ---------------------------------------------------------------- search

/** Lowercase without accents, so "jose" finds "José". */
export function foldText(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

const haystacks = new WeakMap<Contact, string>();

function haystackOf(c: Contact): string {
  let text = haystacks.get(c);
  if (text === undefined) {
    text = foldText(
      [
        c.firstName,
        c.lastName,
        `${c.firstName} ${c.lastName}`,
        c.company ?? "",
        c.jobTitle ?? "",
        c.notes ?? "",
        ...c.emails.map((e) => e.value),
        ...c.phones.map((p) => phoneText(p)),
        ...c.tags,
      ].join("\n"),
    );
    haystacks.set(c, text);
  }
  return text;
}

/** The query's words, folded as the contacts' text is: once per search, not once per contact. */
function searchWords(q: string | undefined): string[] {
  return q ? foldText(q).split(/\s+/).filter(Boolean) : [];
}

/** Every word of the query must appear in the name, email, phone, company, notes or tags. */
function matchesWords(c: Contact, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = haystackOf(c);
  return words.every((w) => text.includes(w));
}

// ---------------------------------------------------------------- filters, sort, counts

type Filters = Omit<ContactListSelection, "sort">;

function matchesFiltersExceptState(c: Contact, f: Filters, words: readonly string[]): boolean {
  if (Boolean(c.archivedAt) !== f.archived) return false;
  if (f.tag) {
    const tag = f.tag.toLocaleLowerCase();
    if (!c.tags.some((t) => t.toLocaleLowerCase() === tag)) return false;
  }
  if (f.rhythm && rhythmKey(c.rhythm) !== f.rhythm) return false;
  if (f.country) {
    const country = f.country.trim().toLocaleLowerCase();
    const code = c.countryCode?.toLocaleLowerCase();
    if (code !== country && c.country?.toLocaleLowerCase() !== country) return false;
  }
  return matchesWords(c, words);
}

// Names and tags sort as English collation orders them, case- and accent-blind, with numbers by
// value ("Flat 2" before "Flat 10"): one order on the server, which renders the list, and in
// every browser, whatever its language (the app's own is English). The collator is made on first
// use, not when the module loads (Intl's constructors are slow).
let collator: Intl.Collator | undefined;

export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return collator.compare(a, b);
}

function byName(a: Contact, b: Contact): number {
  const nameA = `${a.firstName || a.lastName} ${a.firstName ? a.lastName : ""}`;
  const nameB = `${b.firstName || b.lastName} ${b.firstName ? b.lastName : ""}`;
  return compareText(nameA, nameB) || a.id.localeCompare(b.id);
}

// Missing values go last, whatever the direction. The API writes every time with
// toISOString() (same length, UTC), so comparing the strings compares the times.
function byTime(a: string | null, b: string | null, direction: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a < b ? -1 : 1) * direction;
}

const STATE_ORDER: Record<DueState, number> = {
  overdue: 0,
  due_soon: 1,
  on_track: 2,
  no_rhythm: 3,
};

export function compareContacts(sort: ContactSort): (a: Contact, b: Contact) => number {
  switch (sort) {
    case "next_due":
      return (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        byTime(a.nextDueAt, b.nextDueAt, 1) ||
        byName(a, b);
    case "name":
      return byName;
    case "last_contacted":
      return (a, b) => byTime(a.lastContactedAt, b.lastContactedAt, -1) || byName(a, b);
    case "recently_added":
      return (a, b) => byTime(a.createdAt, b.createdAt, -1) || byName(a, b);
  }
}

export function emptyCounts(): StateCounts {
  return { all: 0, overdue: 0, due_soon: 0, on_track: 0, no_rhythm: 0 };
}

/**
 * The contacts the search and filters let through, in the order given, with the per-state counts.
 * The contacts screen filters a list it sorted once (sortContacts) on every keystroke: filtering
 * keeps the order, so the keystroke does not sort 1,000 contacts again.
 */
export function filterContacts(
  contacts: readonly Contact[],
  query: Filters,
): { items: Contact[]; counts: StateCounts } {
  const counts = emptyCounts();
  const items: Contact[] = [];
  const words = searchWords(query.q);
  for (const c of contacts) {
    if (!matchesFiltersExceptState(c, query, words)) continue;
    counts.all += 1;
    counts[c.state] += 1;
    if (!query.state || c.state === query.state) items.push(c);
  }
  return { items, counts };
}

/**
 * filterContacts for a search typed letter by letter, over one list (the contacts screen's sorted
 * list). Each answer is kept (up to SEARCHES_KEPT): a query that only adds to an earlier one with
 * the same filters (that query's folded text starts this one's) filters the earlier answer's
 * contacts instead of all of them, since every word of the earlier query is part of a word of this
 * one, and a query asked before (a letter typed then deleted) gets its answer back. The answers
 * are kept before the state filter, so the per-state counts come with them.
 */
export function createContactSearch(
  contacts: readonly Contact[],
): (query: Filters) => { items: Contact[]; counts: StateCounts } {
  const answers = new Map<
    string,
    { filters: string; text: string; items: Contact[]; counts: StateCounts }
  >();
  return (query) => {
    const filters = JSON.stringify([query.archived, query.tag, query.rhythm, query.country]);
    const text = foldText(query.q ?? "");
    const key = `${filters}\n${text}`;
    let answer = answers.get(key);
    if (!answer) {
      // The smallest earlier answer this query narrows: every contact it finds is in there.
      let from: readonly Contact[] = contacts;
      for (const earlier of answers.values()) {
        const isNarrower = earlier.filters === filters && text.startsWith(earlier.text);
        if (isNarrower && earlier.items.length < from.length) from = earlier.items;
      }
      const { items, counts } = filterContacts(from, { ...query, state: undefined });
      answer = { filters, text, items, counts };
      if (answers.size >= SEARCHES_KEPT) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    }
    const { state } = query;
    return {
      items: state ? answer.items.filter((c) => c.state === state) : answer.items,
      counts: answer.counts,
    };
  };
}
const SEARCHES_KEPT = 32;

/** A sorted copy of the contacts. */
export function sortContacts(contacts: readonly Contact[], sort: ContactSort): Contact[] {
  return [...contacts].sort(compareContacts(sort));
}

export function selectContacts(
  contacts: readonly Contact[],
  query: ContactListSelection,
): { items: Contact[]; counts: StateCounts } {
  const selected = filterContacts(contacts, query);
  selected.items.sort(compareContacts(query.sort ?? "next_due"));
  return selected;
}

/** Distinct tags with how many contacts carry each, most used first. */
export function countTags(
  contacts: readonly Pick<Contact, "tags">[],
): { tag: string; count: number }[] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const c of contacts) {
    for (const tag of c.tags) {
      const key = tag.toLocaleLowerCase();
      const entry = counts.get(key) ?? { tag, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || compareText(a.tag, b.tag));
}
