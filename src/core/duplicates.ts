// Likely duplicates among a user's contacts: the same email or phone (the import's keys), the
// same full name, or very similar names with the same company or city. Contacts are grouped by
// these keys first, so names are compared only within a shared key, never all against all.
import { nameKey, phoneEntryKey } from "./import/duplicates";

export type DuplicateCandidate = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  emails: readonly { value: string }[];
  phones: readonly { value: string; ext?: string }[];
  company: string | null;
  city: string | null;
};

export type DuplicateReasonKind = "email" | "phone" | "name" | "similarName";

export type DuplicateReason = {
  kind: DuplicateReasonKind;
  /** What they share, as a person reads it: "Same email: bob@example.com". */
  label: string;
  contactIds: [string, string];
};

export type DuplicateGroup = { contactIds: string[]; reasons: DuplicateReason[]; score: number };

/** How strongly each reason alone says "the same person". */
export const REASON_WEIGHTS: Record<DuplicateReasonKind, number> = {
  email: 0.95,
  phone: 0.9,
  name: 0.7,
  similarName: 0.6,
};

/** Names at least this alike (0–1) count as very similar. */
export const SIMILAR_NAME_THRESHOLD = 0.8;

/** A name's words, without accents or case, in alphabetical order ("Smith, John" = "John Smith"). */
export function nameWords(c: Pick<DuplicateCandidate, "firstName" | "lastName">): string[] {
  const key = nameKey(c);
  if (!key) return [];
  return key
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(" ")
    .filter(Boolean)
    .sort();
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

// Every word of the shorter name stands in the longer one, whole or as its initial ("Bob Smith",
// "Bob J. Smith"; "J Smith", "John Smith").
function isContained(short: string[], long: string[]): boolean {
  const rest = [...long];
  for (const word of short) {
    const at = rest.findIndex((w) => w === word || (word.length === 1 && w.startsWith(word)));
    if (at < 0) return false;
    rest.splice(at, 1);
  }
  return short.some((word) => word.length >= 3);
}

// Two words that may be one written two ways: an initial, a short form ("Rob", "Robert"), or
// one letter off ("Jon", "John"). Words with digits are never fuzzy.
function isWordAlike(a: string, b: string): boolean {
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 1 || short.length >= 3) {
    if (long.startsWith(short)) return true;
  }
  return short.length >= 3 && editDistance(a, b) <= 1;
}

/**
 * How alike two names are, 0–1: 1 when one's words all stand in the other, 0.9 when they have
 * the same words but for one written another way, else 0 (so "Ann Lee" never chains to "Ben Lee"
 * through a score of letters).
 */
export function nameSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (isContained(short, long)) return 1;
  if (a.length !== b.length) return 0;
  const rest = [...b];
  let fuzzy = 0;
  for (const word of a) {
    let at = rest.indexOf(word);
    if (at < 0) {
      at = rest.findIndex((other) => isWordAlike(word, other));
      fuzzy += 1;
    }
    if (at < 0 || fuzzy > 1) return 0;
    rest.splice(at, 1);
  }
  return 0.9;
}

function normalise(value: string | null): string | null {
  const text = (value ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return text === "" ? null : text;
}

type Blocks = Map<string, string[]>;

function addTo(blocks: Blocks, key: string, id: string) {
  const list = blocks.get(key);
  if (!list) blocks.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

/**
 * Groups of likely duplicates among `candidates` (each group two or more people, linked by the
 * reasons shown), strongest first. Contacts linked through someone else share that one's group.
 */
export function findDuplicateGroups(candidates: readonly DuplicateCandidate[]): DuplicateGroup[] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const exact: Blocks = new Map();
  const similar: Blocks = new Map();
  const words = new Map<string, string[]>();
  // A phone as the first holder wrote it ("+44 20…" and "020…" share one key).
  const shown = new Map<string, string>();
  for (const c of candidates) {
    for (const e of c.emails) {
      const email = e.value.trim().toLowerCase();
      if (email) addTo(exact, `email\u0000${email}`, c.id);
    }
    for (const p of c.phones) {
      const phone = phoneEntryKey(p);
      if (!phone) continue;
      const key = `phone\u0000${phone}`;
      if (!shown.has(key)) shown.set(key, p.ext ? `${p.value} x${p.ext}` : p.value);
      addTo(exact, key, c.id);
    }
    const name = nameKey(c);
    if (name) addTo(exact, `name\u0000${name}`, c.id);
    const own = nameWords(c);
    words.set(c.id, own);
    // Names are compared only between people of one company or city who share a word's start.
    for (const [scope, value] of [
      ["company", normalise(c.company)],
      ["city", normalise(c.city)],
    ] as const) {
      if (!value) continue;
      for (const word of new Set(own.map((w) => w.slice(0, 2)))) {
        addTo(similar, `${scope}\u0000${value}\u0000${word}`, c.id);
      }
    }
  }

  const reasons = new Map<string, DuplicateReason[]>();
  function link(a: string, b: string, reason: Omit<DuplicateReason, "contactIds">) {
    const key = pairKey(a, b);
    const list = reasons.get(key) ?? [];
    if (list.some((r) => r.kind === reason.kind)) return;
    list.push({ ...reason, contactIds: a < b ? [a, b] : [b, a] });
    reasons.set(key, list);
  }

  for (const [key, ids] of exact) {
    if (ids.length < 2) continue;
    const [kind, value] = key.split("\u0000") as [DuplicateReasonKind, string];
    const label =
      kind === "email"
        ? `Same email: ${value}`
        : kind === "phone"
          ? `Same phone: ${shown.get(key)}`
          : "Same name";
    // The first holder links to each of the others: enough to put them in one group.
    for (const other of ids.slice(1)) link(ids[0]!, other, { kind, label });
  }

  for (const [key, ids] of similar) {
    if (ids.length < 2) continue;
    const [scope] = key.split("\u0000");
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const a = ids[i]!;
        const b = ids[j]!;
        if (reasons.get(pairKey(a, b))?.some((r) => r.kind === "name")) continue;
        if (nameSimilarity(words.get(a)!, words.get(b)!) < SIMILAR_NAME_THRESHOLD) continue;
        const shared = scope === "company" ? byId.get(a)!.company : byId.get(a)!.city;
        const what = scope === "company" ? "company" : "city";
        link(a, b, { kind: "similarName", label: `Similar names, same ${what}: ${shared}` });
      }
    }
  }

  return groupPairs(reasons);
}

function groupPairs(reasons: Map<string, DuplicateReason[]>): DuplicateGroup[] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const list of reasons.values()) {
    const [a, b] = list[0]!.contactIds;
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(find(a), find(b));
  }
  const groups = new Map<string, DuplicateGroup>();
  for (const list of reasons.values()) {
    const root = find(list[0]!.contactIds[0]);
    const group = groups.get(root) ?? { contactIds: [], reasons: [], score: 0 };
    for (const reason of list) {
      group.reasons.push(reason);
      for (const id of reason.contactIds)
        if (!group.contactIds.includes(id)) group.contactIds.push(id);
    }
    group.score = Math.max(group.score, pairScore(list));
    groups.set(root, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.score - a.score || a.contactIds[0]!.localeCompare(b.contactIds[0]!),
  );
}

/** Independent reasons add up: 1 − Π(1 − weight), rounded to two places. */
export function pairScore(list: readonly Pick<DuplicateReason, "kind">[]): number {
  const miss = list.reduce((p, r) => p * (1 - REASON_WEIGHTS[r.kind]), 1);
  return Math.round((1 - miss) * 100) / 100;
}
