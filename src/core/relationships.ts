// Typed links between two contacts: the words, how a link reads from each side, and how it is
// written to and read from a vCard's RELATED property.
import { z } from "zod";
import { sanitizeText } from "./sanitize";

export const RELATIONSHIP_TYPES = [
  "partner",
  "parent",
  "child",
  "sibling",
  "family",
  "friend",
  "colleague",
  "manager",
  "report",
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export const RELATIONSHIP_TYPE_LABELS: Record<RelationshipType, string> = {
  partner: "Partner",
  parent: "Parent",
  child: "Child",
  sibling: "Sibling",
  family: "Family",
  friend: "Friend",
  colleague: "Colleague",
  manager: "Manager",
  report: "Report",
};

/** A word of the user's is at most this long. */
export const RELATIONSHIP_WORD_MAX = 40;

const INVERSE: Partial<Record<RelationshipType, RelationshipType>> = {
  parent: "child",
  child: "parent",
  manager: "report",
  report: "manager",
};

export const RELATIONSHIP_TYPE_MESSAGE = `Choose a type, or type a word of your own (up to ${RELATIONSHIP_WORD_MAX} characters).`;

/** A type as stored: one of ours (whatever its case), or the user's own word, tidied. */
export function normalizeRelationshipType(text: string): string {
  const word = sanitizeText(text).replace(/\s+/g, " ").trim();
  const known = RELATIONSHIP_TYPES.find((t) => t === word.toLowerCase());
  return known ?? word;
}

/** How the link reads from the other side: parent/child and manager/report swap, the rest stay. */
export function inverseRelationshipType(type: string): string {
  return INVERSE[type as RelationshipType] ?? type;
}

/** What decides that two links are the same: the type, ignoring case. */
export function relationshipTypeKey(type: string): string {
  return type.toLowerCase();
}

function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}

/** "Jo — Sam's partner": the other person, and what they are to this contact. */
export function describeRelationship(options: {
  otherName: string;
  contactName: string;
  type: string;
}): string {
  return `${options.otherName} — ${possessive(options.contactName)} ${options.type}`;
}

/**
 * One link stored once, whichever side it was made from: the lower id first, with the type as
 * it reads from that side. `type` is what `relatedId` is to `contactId`.
 */
export function canonicalRelationship(link: {
  contactId: string;
  relatedId: string;
  type: string;
}) {
  if (link.contactId < link.relatedId) return link;
  return {
    contactId: link.relatedId,
    relatedId: link.contactId,
    type: inverseRelationshipType(link.type),
  };
}

export const RelationshipInputSchema = z.object({
  relatedContactId: z.string().min(1, "Choose the person this contact is related to."),
  type: z
    .string()
    .transform(normalizeRelationshipType)
    .pipe(
      z
        .string()
        .min(1, RELATIONSHIP_TYPE_MESSAGE)
        .max(RELATIONSHIP_WORD_MAX, RELATIONSHIP_TYPE_MESSAGE),
    ),
});
export type RelationshipInput = z.infer<typeof RelationshipInputSchema>;

/** A link as one contact sees it: `type` is what the other person is to this contact. */
export const RelationshipSchema = z.object({
  id: z.string(),
  type: z.string(),
  other: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    isArchived: z.boolean(),
  }),
  createdAt: z.string(),
});
export type Relationship = z.infer<typeof RelationshipSchema>;

export const RelationshipListSchema = z.object({ relationships: z.array(RelationshipSchema) });
export type RelationshipList = z.infer<typeof RelationshipListSchema>;

// vCard 4.0's RELATED types (RFC 6350 §6.6.6) for ours; manager, report and a user's own word
// have none, so they ride in X-TEND-RELATION beside the generic "contact".
const VCARD_TYPES: Partial<Record<RelationshipType, string>> = {
  partner: "spouse",
  parent: "parent",
  child: "child",
  sibling: "sibling",
  family: "kin",
  friend: "friend",
  colleague: "colleague",
};

const FROM_VCARD: Record<string, RelationshipType> = {
  spouse: "partner",
  sweetheart: "partner",
  parent: "parent",
  child: "child",
  sibling: "sibling",
  kin: "family",
  friend: "friend",
  colleague: "colleague",
  "co-worker": "colleague",
};

/**
 * A link as a file carries it: to a card or row in the same file (its UID, or our CSV's ID), to a
 * name, or to both (the name for people, the id to tell namesakes apart).
 */
export type RelatedRef =
  | { type: string; uid: string }
  | { type: string; name: string }
  | { type: string; uid: string; name: string };

function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\n/g, "\\n")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;");
}

// A parameter value without the characters that would end or split it.
function paramValue(value: string): string {
  return value
    .replace(/[";:,\r\n]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** One RELATED line (unfolded): by UID when the other person has one, else by name as text. */
export function relatedLine(ref: RelatedRef): string {
  const standard = VCARD_TYPES[ref.type as RelationshipType];
  const params = standard
    ? `;TYPE=${standard}`
    : `;TYPE=contact;X-TEND-RELATION=${paramValue(ref.type)}`;
  return "uid" in ref
    ? `RELATED${params}:${ref.uid}`
    : `RELATED;VALUE=text${params}:${escapeText(ref.name)}`;
}

/**
 * A RELATED property as a link: our own word when the card carries it, else the first TYPE we
 * know, else the card's own type word ("neighbor"). A URI that is not a card's UID (a web page,
 * an email address) names no one we can find, and is left out.
 */
export function readRelated(property: {
  params: Record<string, string[]>;
  value: string;
}): RelatedRef | null {
  const own = property.params["X-TEND-RELATION"]?.[0];
  const types = (property.params.TYPE ?? []).flatMap((t) => t.toLowerCase().split(","));
  const known = types.map((t) => FROM_VCARD[t]).find(Boolean);
  const word = own ?? known ?? types.find((t) => t !== "contact") ?? "contact";
  const type = normalizeRelationshipType(word).slice(0, RELATIONSHIP_WORD_MAX);
  if (!type) return null;
  const isText = property.params.VALUE?.[0]?.toLowerCase() === "text";
  const value = property.value.trim();
  if (!value) return null;
  if (!isText) {
    if (/^urn:uuid:/i.test(value)) return { type, uid: value };
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  }
  const name = sanitizeText(value).replace(/\s+/g, " ").trim();
  return name ? { type, name } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const URN_UUID = /^urn:uuid:/i;
// "Jo Carter [0b7f2c8e-…]": a name followed by the person's id in square brackets.
const NAME_WITH_ID =
  /^(.*?)\s*\[(urn:uuid:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]$/i;

/** What a UID is compared by: "urn:uuid:ABC…" and "abc…" name the same card. */
export function uidKey(uid: string): string {
  const bare = uid.trim().replace(URN_UUID, "");
  return UUID.test(bare) ? bare.toLowerCase() : uid.trim();
}

function refText(ref: RelatedRef): string {
  const name = "name" in ref ? ref.name.replace(/;/g, ",") : "";
  if (!("uid" in ref)) return name;
  if (!name) return ref.uid;
  return `${name} [${uidKey(ref.uid)}]`;
}

/**
 * A "Related" cell: "child: Ann Carter; partner: Jo Carter [0b7f2c8e-…]", one link per part: what
 * the other person is, then their name, their id in brackets when the link carries it.
 */
export function writeRelatedCell(refs: readonly RelatedRef[]): string {
  return refs.map((ref) => `${ref.type.replace(/[:;]/g, " ").trim()}: ${refText(ref)}`).join("; ");
}

export function readRelatedCell(text: string): RelatedRef[] {
  return text.split(";").flatMap((part): RelatedRef[] => {
    const at = part.indexOf(":");
    if (at < 0) return [];
    const type = normalizeRelationshipType(part.slice(0, at)).slice(0, RELATIONSHIP_WORD_MAX);
    const ref = sanitizeText(part.slice(at + 1))
      .replace(/\s+/g, " ")
      .trim();
    if (!type || !ref) return [];
    if (URN_UUID.test(ref)) return [{ type, uid: ref }];
    const withId = NAME_WITH_ID.exec(ref);
    if (!withId) return [{ type, name: ref }];
    const uid = `urn:uuid:${withId[3]!.toLowerCase()}`;
    return withId[1] ? [{ type, uid, name: withId[1] }] : [{ type, uid }];
  });
}

/** A link as the API and MCP give it beside a contact: what the other person is, and who. */
export const ContactRelationSchema = z.object({
  type: z
    .string()
    .meta({
      description:
        "What the other person is to this contact: partner, child, a word of the user's.",
    }),
  contactId: z.string(),
  name: z.string(),
  isArchived: z.boolean(),
});
export type ContactRelation = z.infer<typeof ContactRelationSchema>;
