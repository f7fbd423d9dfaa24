// What the merge dialog shows: each copy as the merge reads it, and a field's value as words.
import { CONTACT_METHOD_LABELS, type ContactMethod } from "../../../../core/contact-methods";
import {
  choiceFieldKeys,
  type MergeChoiceKey,
  type MergeSource,
} from "../../../../core/contact-merge";
import type { Contact } from "../../../../core/contacts";
import { describeRhythm, type Rhythm } from "../../../../core/rhythm";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function mergeSourceOf(contact: Contact): MergeSource {
  return {
    id: contact.id,
    updatedAt: contact.updatedAt,
    hasPhoto: Boolean(contact.photoUrl),
    values: contact,
  };
}

/** A chosen field's value in words; "" when the copy has none. */
export function describeChoice(key: MergeChoiceKey, values: Record<string, unknown>): string {
  if (key === "photo") return "";
  if (key === "place") {
    return ["city", "region", "country"]
      .map((part) => values[part])
      .filter((part): part is string => typeof part === "string" && part !== "")
      .join(", ");
  }
  const value = values[choiceFieldKeys(key)[0]!];
  if (value === null || value === undefined || value === "") return "";
  if (key === "birthday") {
    const b = value as { day: number; month: number; year: number | null };
    return `${b.day} ${MONTHS[b.month - 1]}${b.year ? ` ${b.year}` : ""}`;
  }
  if (key === "rhythm") return describeRhythm(value as Rhythm);
  if (key === "preferredMethod") return CONTACT_METHOD_LABELS[value as ContactMethod];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** Choices on which the copies differ: the only ones the dialog asks about. */
export function differingChoices(
  keys: readonly MergeChoiceKey[],
  contacts: readonly Contact[],
): MergeChoiceKey[] {
  return keys.filter((key) => {
    const shown =
      key === "photo"
        ? contacts.map((c) => c.photoUrl ?? "")
        : contacts.map((c) => describeChoice(key, c as unknown as Record<string, unknown>));
    return new Set(shown).size > 1;
  });
}
