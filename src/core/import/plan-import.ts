// The dry run: given mapped rows, the user's existing contacts and their choices, what an import
// would create, merge and skip. The server commits exactly this plan; the preview shows it.
import { z } from "zod";
import type { ContactInput } from "../contacts";
import {
  addToIndex,
  buildDuplicateIndex,
  findDuplicate,
  type Comparable,
  type DuplicateReason,
} from "./duplicates";
import type { ImportExtras, MappedRow, RowError } from "./map-row";
import { isSameContact, mergeContact } from "./merge-contact";
import { resolveRelatedLinks, type PlannedLink } from "./related-links";

export const ROW_DECISIONS = ["create", "merge", "skip"] as const;
export const RowDecisionSchema = z.enum(ROW_DECISIONS);
export type RowDecision = z.infer<typeof RowDecisionSchema>;

/** The user's choices, by row number; rows not named keep the suggested choice. */
export const RowDecisionsSchema = z.record(z.string().regex(/^\d+$/), RowDecisionSchema);
export type RowDecisions = z.infer<typeof RowDecisionsSchema>;

export type ExistingContact = { id: string; name: string; contact: ContactInput };

export type Duplicate =
  | { kind: "existing"; contactId: string; name: string; reason: DuplicateReason }
  | { kind: "row"; line: number; reason: DuplicateReason };

export type PlannedRow = {
  line: number;
  displayName: string;
  contact: ContactInput | null;
  errors: RowError[];
  warnings: RowError[];
  duplicate: Duplicate | null;
  suggested: RowDecision | null;
  /** What will happen: null for an invalid row (it cannot be imported). */
  decision: RowDecision | null;
};

export type PlannedCreate = { lines: number[]; contact: ContactInput; extras: ImportExtras[] };
export type PlannedMerge = {
  contactId: string;
  lines: number[];
  before: ContactInput;
  after: ContactInput;
  extras: ImportExtras[];
};

export type ImportSummary = {
  total: number;
  create: number;
  merge: number;
  /** Merges that add nothing the contact doesn't already have. */
  unchanged: number;
  skip: number;
  invalid: number;
  /** New contacts past the contact limit, left for later (only when the user chose to fit). */
  leftOver: number;
};

export type ImportPlan = {
  rows: PlannedRow[];
  creates: PlannedCreate[];
  merges: PlannedMerge[];
  /** Links between the people imported and to the user's contacts, found once here. */
  links: PlannedLink[];
  summary: ImportSummary;
};

// Exact email or phone matches are the same person: merge. A name alone may be a namesake: skip,
// and let the user say otherwise.
function suggest(reason: DuplicateReason): RowDecision {
  return reason === "name" ? "skip" : "merge";
}

type Target = { kind: "existing"; id: string } | { kind: "create"; index: number };

export function planImport(options: {
  rows: MappedRow[];
  existing: ExistingContact[];
  decisions?: RowDecisions;
}): ImportPlan {
  const { rows, existing, decisions = {} } = options;
  const byId = new Map(existing.map((e) => [e.id, e]));
  const index = buildDuplicateIndex<string>(existing.map((e) => [`c:${e.id}`, e.contact]));
  const targets = new Map<string, Target>();
  const creates: PlannedCreate[] = [];
  const merges = new Map<string, PlannedMerge>();
  const planned: PlannedRow[] = [];

  const mergeInto = (id: string, line: number, contact: ContactInput, extras: ImportExtras) => {
    const base = byId.get(id)!;
    const current = merges.get(id) ?? {
      contactId: id,
      lines: [],
      before: base.contact,
      after: base.contact,
      extras: [],
    };
    current.lines.push(line);
    current.after = mergeContact(current.after, contact);
    current.extras.push(extras);
    merges.set(id, current);
  };

  for (const row of rows) {
    const base = {
      line: row.line,
      displayName: row.displayName,
      contact: row.contact,
      warnings: row.warnings,
    };
    if (!row.contact) {
      planned.push({
        ...base,
        errors: row.errors,
        duplicate: null,
        suggested: null,
        decision: null,
      });
      continue;
    }
    const contact = row.contact;
    const match = findDuplicate(index, contact as Comparable);
    let duplicate: Duplicate | null = null;
    let target: Target | undefined;
    if (match) {
      target = match.key.startsWith("c:")
        ? { kind: "existing", id: match.key.slice(2) }
        : targets.get(match.key);
      duplicate =
        target?.kind === "existing"
          ? {
              kind: "existing",
              contactId: target.id,
              name: byId.get(target.id)!.name,
              reason: match.reason,
            }
          : { kind: "row", line: Number(match.key.slice(2)), reason: match.reason };
    }
    const suggested = duplicate ? suggest(duplicate.reason) : "create";
    let decision = decisions[String(row.line)] ?? suggested;
    if (decision === "merge" && !target) decision = "create";

    if (decision === "create") {
      creates.push({ lines: [row.line], contact, extras: [row.extras] });
      const key = `r:${row.line}`;
      targets.set(key, { kind: "create", index: creates.length - 1 });
      addToIndex(index, contact as Comparable, key);
    } else if (decision === "merge" && target?.kind === "existing") {
      mergeInto(target.id, row.line, contact, row.extras);
      addToIndex(index, contact as Comparable, `c:${target.id}`);
    } else if (decision === "merge" && target?.kind === "create") {
      const into = creates[target.index]!;
      into.lines.push(row.line);
      into.contact = mergeContact(into.contact, contact);
      into.extras.push(row.extras);
      addToIndex(index, contact as Comparable, match!.key);
    }
    planned.push({ ...base, errors: [], duplicate, suggested, decision });
  }

  const { links, notes } = resolveRelatedLinks({
    rows: planned.map((r, i) => ({ ...r, extras: rows[i]!.extras })),
    existing,
  });
  for (const row of planned) {
    const more = notes.get(row.line);
    if (more) row.warnings = [...row.warnings, ...more];
  }
  const mergeList = [...merges.values()];
  const unchanged = mergeList.filter((m) => isSameContact(m.before, m.after)).length;
  const count = (d: RowDecision) => planned.filter((r) => r.decision === d).length;
  return {
    rows: planned,
    creates,
    merges: mergeList,
    links,
    summary: {
      total: rows.length,
      create: creates.length,
      merge: count("merge"),
      unchanged,
      skip: count("skip"),
      invalid: planned.filter((r) => r.decision === null).length,
      leftOver: 0,
    },
  };
}
