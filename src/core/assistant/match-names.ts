// Finding the user's contacts in a reply's words: full names, a first name or nickname alone,
// email addresses; accents, case, hyphens and apostrophes ignored (decision 242).
import type { ReaderContact } from "../replies";

export type Mention = {
  /** Contacts the words fit: one when it is clear who is meant. */
  ids: string[];
  /** The words as written. */
  text: string;
  /** Whether the words alone say who it is (a full name, a unique first name, an address). */
  sure: boolean;
  /** Where the words are in the text, for telling which clause they belong to. */
  start: number;
  end: number;
};

export type Word = { text: string; key: string; start: number; end: number };

// First names that are also everyday words: counted only when written with a capital.
const WORD_NAMES = new Set(
  "will may mark bill pat sue rob jack april june august art hope joy faith rose grant chase frank ray dawn summer sky rich don van sonny bud guy penny amber ruby ivy holly lily sandy rusty page dean glen chuck drew gene hunter carol major min said".split(
    " ",
  ),
);

// Capitalised words that may follow a first name without being a surname.
const NOT_SURNAMES = new Set(
  "i monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december today yesterday".split(
    " ",
  ),
);

const SPECIAL_LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** A name's comparable form: lower case, no accents, no apostrophes, hyphens as spaces. */
export function nameKey(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/['’`´]/g, "")
    .replace(/[-‐–.]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const EMAIL = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[a-z]{2,}/gi;

/** The text's words, with a possessive "'s" dropped from each, and email addresses left out. */
export function wordsOf(text: string): Word[] {
  const masked = text.replace(EMAIL, (m) => " ".repeat(m.length));
  const words: Word[] = [];
  for (const m of masked.matchAll(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu)) {
    const raw = m[0];
    const bare = raw.replace(/['’]s$/i, "");
    const key = nameKey(bare);
    if (key) words.push({ text: bare, key, start: m.index, end: m.index + bare.length });
  }
  return words;
}

export function emailsIn(text: string): { value: string; start: number; end: number }[] {
  return [...text.matchAll(EMAIL)].map((m) => ({
    value: m[0].toLowerCase().replace(/\.$/, ""),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

type NameIndex = {
  /** Full names ("grace hopper", "jean luc picard", nickname + last name). */
  full: Map<string, Set<string>>;
  /** A first name or nickname alone. */
  given: Map<string, Set<string>>;
  /** A last name alone: never enough to be sure. */
  family: Map<string, Set<string>>;
  emails: Map<string, Set<string>>;
  longest: number;
};

function add(map: Map<string, Set<string>>, key: string, id: string) {
  if (!key) return;
  const set = map.get(key) ?? new Set<string>();
  set.add(id);
  map.set(key, set);
}

export function indexContacts(contacts: ReaderContact[]): NameIndex {
  const index: NameIndex = {
    full: new Map(),
    given: new Map(),
    family: new Map(),
    emails: new Map(),
    longest: 1,
  };
  for (const c of contacts) {
    const first = nameKey(c.firstName ?? "");
    const last = nameKey(c.lastName ?? "");
    const nick = nameKey(c.nickname ?? "");
    if (first && last) add(index.full, `${first} ${last}`, c.id);
    if (nick && last) add(index.full, `${nick} ${last}`, c.id);
    add(index.given, first, c.id);
    add(index.given, nick, c.id);
    add(index.family, last, c.id);
    for (const email of c.emails) add(index.emails, email.trim().toLowerCase(), c.id);
  }
  for (const key of [...index.full.keys(), ...index.given.keys(), ...index.family.keys()])
    index.longest = Math.max(index.longest, key.split(" ").length);
  return index;
}

/** Every contact named in `text`, longest names first where they overlap, in order of place. */
export function findMentions(text: string, index: NameIndex): Mention[] {
  const mentions: Mention[] = [];
  for (const email of emailsIn(text)) {
    const ids = index.emails.get(email.value);
    if (ids) mentions.push({ ids: [...ids], text: email.value, sure: ids.size === 1, ...email });
  }
  const words = wordsOf(text);
  for (let i = 0; i < words.length;) {
    const found = longestAt(words, i, index);
    if (found) {
      mentions.push(found.mention);
      i += found.length;
    } else i++;
  }
  return mentions.sort((a, b) => a.start - b.start);
}

function longestAt(
  words: Word[],
  i: number,
  index: NameIndex,
): { mention: Mention; length: number } | null {
  for (let n = Math.min(index.longest, words.length - i); n >= 1; n--) {
    const span = words.slice(i, i + n);
    const key = span.map((w) => w.key).join(" ");
    const first = span[0];
    const lastWord = span[span.length - 1];
    if (!first || !lastWord) continue;
    const at = { text: text(span), start: first.start, end: lastWord.end };
    const capitalised = /^\p{Lu}/u.test(first.text);
    const full = index.full.get(key);
    if (full) return { mention: { ids: [...full], sure: full.size === 1, ...at }, length: n };
    const given = index.given.get(key);
    if (given && (capitalised || !WORD_NAMES.has(key))) {
      // "Alan Smith" is not Alan Turing: a capitalised word after a first name leaves it open.
      const next = words[i + n];
      const followed =
        capitalised &&
        next !== undefined &&
        next.start - lastWord.end <= 1 &&
        /^\p{Lu}/u.test(next.text) &&
        !NOT_SURNAMES.has(next.key);
      if (!followed)
        return { mention: { ids: [...given], sure: given.size === 1, ...at }, length: n };
      // "Sam C." is a Sam, but which one is for the user to say.
      if (next.key.length === 1)
        return { mention: { ids: [...given], sure: false, ...at }, length: n + 1 };
      continue;
    }
    const family = index.family.get(key);
    if (family && capitalised && n === 1)
      return { mention: { ids: [...family], sure: false, ...at }, length: n };
  }
  return null;
}

function text(span: Word[]): string {
  return span.map((w) => w.text).join(" ");
}
