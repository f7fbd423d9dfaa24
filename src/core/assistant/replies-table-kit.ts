// What the reply tables share: the user's contacts, and how a reader's answers are scored.
import {
  proposedStatus,
  type ProposedAction,
  type ReaderContact,
  type ReaderInput,
  type ReplyActionDetails,
} from "../replies";
import { dayOf, userClock } from "./reply-dates";

function contact(
  id: string,
  firstName: string,
  lastName: string,
  extra: Partial<ReaderContact> = {},
): ReaderContact {
  return { id, firstName, lastName, nickname: null, company: null, emails: [], ...extra };
}

export const CONTACTS: ReaderContact[] = [
  contact("grace", "Grace", "Hopper", { emails: ["grace@navy.mil"] }),
  contact("alan", "Alan", "Turing", { emails: ["Alan@example.org"] }),
  contact("ada", "Ada", "Lovelace"),
  contact("zoe", "Zoë", "Ødegård"),
  contact("jose", "José", "García", { nickname: "Pepe" }),
  contact("sean", "Seán", "O'Brien"),
  contact("jeanluc", "Jean-Luc", "Picard"),
  contact("samc", "Sam", "Carter"),
  contact("samw", "Sam", "Wilson"),
  contact("will", "Will", "Byers"),
  contact("kate", "Katherine", "Johnson", { nickname: "Kate" }),
  contact("francois", "François", "Dupont", { emails: ["francois@dupont.fr"] }),
  contact("maggie", "Margaret", "Hamilton", { nickname: "Maggie" }),
  contact("noor", "Noor", "Al-Hassan"),
  contact("bjorn", "Bjørn", "Ulvaeus"),
  contact("chris1", "Chris", "Lee"),
  contact("chris2", "Chris", "Evans"),
];

/** The digest replied to, in its order: "1" is Grace. */
export const DIGEST = ["grace", "alan", "ada"];

/**
 * An action a reply must give: `who` is a contact id, "?Name" for a person the user does not
 * have, or "~id1,id2" for a name that fits several; `details` lists only what is checked.
 */
export type Expected = {
  who: string;
  details: Partial<ReplyActionDetails> & { kind: ReplyActionDetails["kind"] };
  status: "applied" | "suggested";
};

/** `digest`: its lines, each a contact id or a household's ids. */
export type RowOptions = {
  digest?: (string | string[])[];
  receivedAt?: string;
  timeZone?: string;
};
export type Row = [text: string, expected: Expected[], options?: RowOptions];

export function inputOf(text: string, options: RowOptions = {}): ReaderInput {
  return {
    text,
    receivedAt: new Date(options.receivedAt ?? "2026-12-02T10:00:00Z"),
    timeZone: options.timeZone ?? "Europe/Lisbon",
    contacts: CONTACTS,
    digestLines: (options.digest ?? DIGEST).map((line) => (Array.isArray(line) ? line : [line])),
  };
}

function fits(action: ProposedAction, expected: Expected): boolean {
  if (action.details.kind !== expected.details.kind) return false;
  const { who } = expected;
  if (who.startsWith("?")) {
    if (action.contactId || action.name?.toLowerCase() !== who.slice(1).toLowerCase()) return false;
  } else if (who.startsWith("~")) {
    const ids = who.slice(1).split(",").sort();
    if (action.contactId || [...action.candidateIds].sort().join(",") !== ids.join(","))
      return false;
  } else if (action.contactId !== who) return false;
  const details = action.details as Record<string, unknown>;
  return Object.entries(expected.details).every(([key, value]) => {
    const got = details[key];
    return typeof value === "string" && typeof got === "string"
      ? value.toLowerCase() === got.toLowerCase()
      : value === got;
  });
}

export type Score = {
  applied: number;
  appliedRight: number;
  wrongApplied: { text: string; action: ProposedAction }[];
  expected: number;
  found: number;
  missed: { text: string; expected: Expected }[];
  precision: number;
  recall: number;
};

/**
 * Precision: of the actions the pipeline would apply at once (proposedStatus), the share that
 * are right. Recall: of the actions each reply must give, the share given, applied or suggested.
 */
export function measure(rows: Row[], read: (input: ReaderInput) => ProposedAction[]): Score {
  const ids = new Set(CONTACTS.map((c) => c.id));
  const score: Score = {
    applied: 0,
    appliedRight: 0,
    wrongApplied: [],
    expected: 0,
    found: 0,
    missed: [],
    precision: 100,
    recall: 100,
  };
  for (const [text, expected, options] of rows) {
    const input = inputOf(text, options);
    const today = dayOf(userClock(input.receivedAt, input.timeZone));
    const actions = read(input);
    for (const action of actions) {
      if (proposedStatus(action, today, ids) !== "applied") continue;
      score.applied++;
      if (expected.some((e) => e.status === "applied" && fits(action, e))) score.appliedRight++;
      else score.wrongApplied.push({ text, action });
    }
    for (const e of expected) {
      score.expected++;
      if (actions.some((a) => fits(a, e))) score.found++;
      else score.missed.push({ text, expected: e });
    }
  }
  if (score.applied > 0) score.precision = (100 * score.appliedRight) / score.applied;
  if (score.expected > 0) score.recall = (100 * score.found) / score.expected;
  return score;
}
