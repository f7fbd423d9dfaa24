// Links between people in a file: how our CSV names the other person (decision 0319), and how an
// import finds them, once, in its plan: among the file's rows and the user's contacts.
import type { ContactInput } from "../contacts";
import { uidKey, writeRelatedCell, type RelatedRef } from "../relationships";
import type { ImportExtras, RowError } from "./map-row";

/** What a name is compared by: case and runs of spaces do not tell people apart. */
export function nameKey(name: string): string {
  return name.toLocaleLowerCase().replace(/\s+/g, " ").trim();
}

function personName(c: { firstName: string | null; lastName: string | null }): string {
  return [c.firstName, c.lastName].filter(Boolean).join(" ");
}

/**
 * The links of our CSV export, by name: the other person's id stays beside the name only where
 * the name alone would not find them again (two contacts share it, or it has none or a ";").
 */
export function namePeopleRelated<
  C extends { firstName: string; lastName: string; related?: RelatedRef[] },
>(contacts: readonly C[]): C[] {
  const counts = new Map<string, number>();
  for (const c of contacts) {
    const key = nameKey(personName(c));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const named = (ref: RelatedRef): RelatedRef => {
    if (!("uid" in ref) || !("name" in ref)) return ref;
    const name = ref.name.trim();
    if (!name) return { type: ref.type, uid: ref.uid };
    const isUnique = counts.get(nameKey(name)) === 1 && !/[;[\]]/.test(name);
    return isUnique ? { type: ref.type, name } : ref;
  };
  return contacts.map((c) => (c.related?.length ? { ...c, related: c.related.map(named) } : c));
}

/** One end of a link: a row of the file (its line; the contact it becomes) or a user's contact. */
export type LinkEnd = { line: number } | { contactId: string };

/** A link the import writes: `type` is what `to` is to the contact of row `line`. */
export type PlannedLink = { line: number; to: LinkEnd; type: string };

type PlanRow = {
  line: number;
  contact: ContactInput | null;
  extras: ImportExtras;
  decision: "create" | "merge" | "skip" | null;
  duplicate: { kind: "existing"; contactId: string } | { kind: "row"; line: number } | null;
};

const endKey = (end: LinkEnd) => ("line" in end ? `r:${end.line}` : `c:${end.contactId}`);

function describeRef(ref: RelatedRef): string {
  return writeRelatedCell([ref]);
}

/**
 * The file's links as the plan writes them, and a note for each row on the links it carries that
 * name no one, or more than one person: those links are left out, never the person.
 */
export function resolveRelatedLinks(options: {
  rows: readonly PlanRow[];
  existing: readonly { id: string; contact: ContactInput }[];
}): { links: PlannedLink[]; notes: Map<number, RowError[]> } {
  const { rows, existing } = options;
  const links: PlannedLink[] = [];
  const notes = new Map<number, RowError[]>();
  if (!rows.some((r) => r.extras.related?.length)) return { links, notes };

  const byLine = new Map(rows.map((r) => [r.line, r]));
  // The contact a row becomes or already is: itself when created, else the person it duplicates.
  const endOf = (line: number, seen = new Set<number>()): LinkEnd | null => {
    const row = byLine.get(line);
    if (!row?.decision || seen.has(line)) return null;
    if (row.decision === "create") return { line };
    const dup = row.duplicate;
    if (!dup) return null;
    return dup.kind === "existing" ? { contactId: dup.contactId } : endOf(dup.line, seen.add(line));
  };

  const existingIds = new Set(existing.map((e) => e.id));
  const byName = new Map<string, Map<string, LinkEnd>>();
  const addName = (name: string, end: LinkEnd) => {
    const key = nameKey(name);
    if (!key) return;
    const ends = byName.get(key) ?? new Map<string, LinkEnd>();
    ends.set(endKey(end), end);
    byName.set(key, ends);
  };
  for (const e of existing) addName(personName(e.contact), { contactId: e.id });
  const byUid = new Map<string, number>();
  for (const row of rows) {
    if (row.extras.sourceUid) byUid.set(uidKey(row.extras.sourceUid), row.line);
    const end = endOf(row.line);
    if (end && row.contact) addName(personName(row.contact), end);
  }

  const find = (ref: RelatedRef): LinkEnd | string => {
    let problem = "names no one in this file or in your contacts";
    if ("uid" in ref) {
      const key = uidKey(ref.uid);
      const line = byUid.get(key);
      const end = line === undefined ? null : endOf(line);
      if (end) return end;
      if (line === undefined && existingIds.has(key)) return { contactId: key };
      if (line !== undefined) problem = "names a person who is not imported";
    }
    if (!("name" in ref)) return problem;
    const ends = [...(byName.get(nameKey(ref.name))?.values() ?? [])];
    if (ends.length === 1) return ends[0]!;
    if (ends.length === 0) return problem;
    return `names ${ends.length} people called ${ref.name}; add the person's id in brackets, as Tend's export does`;
  };

  for (const row of rows) {
    if (row.decision !== "create" && row.decision !== "merge") continue;
    const own = endOf(row.line);
    if (!own) continue;
    for (const ref of row.extras.related ?? []) {
      const found = find(ref);
      if (typeof found === "string") {
        const list = notes.get(row.line) ?? [];
        list.push({
          field: "related",
          message: `The link "${describeRef(ref)}" ${found}. Left out.`,
        });
        notes.set(row.line, list);
      } else if (endKey(found) !== endKey(own)) {
        links.push({ line: row.line, to: found, type: ref.type });
      }
    }
  }
  return { links, notes };
}
