// One card a phone sends over CardDAV → a contact, with the reader an imported .vcf goes
// through. A phone's edit changes only what a card carries: the rhythm, the history, the
// place on the map and what only Tend knows stay as they are.
import type { ContactInput } from "../contacts";
import { detectMapping } from "./detect-mapping";
import { mapRow } from "./map-row";
import { readPhotoCell, type PhotoCell } from "./photo-cell";
import { ImportFileError } from "./read-file";
import { parseVcardProperties, parseVcardTable, photoOf, unescapeValue } from "./vcard-parse";

export class AddressCardError extends Error {}

/** The fields a vCard carries both ways; the rest of a contact is Tend's alone. */
export const CARD_FIELDS = [
  "firstName",
  "lastName",
  "namePrefix",
  "nameSuffix",
  "nickname",
  "emails",
  "phones",
  "websites",
  "company",
  "jobTitle",
  "notes",
  "birthday",
  "tags",
  "addresses",
] as const satisfies readonly (keyof ContactInput)[];

export type CardFields = Pick<ContactInput, (typeof CARD_FIELDS)[number]>;

/** `photo`: the card's PHOTO as base64 after the first checks, why it cannot be taken, or null. */
export type AddressCard = { uid: string | null; contact: ContactInput; photo: PhotoCell };

export function readAddressCard(text: string, now: Date): AddressCard {
  const cards = parseVcardProperties(text);
  if (cards.length !== 1) {
    throw new AddressCardError(
      cards.length === 0
        ? "The body is not a vCard: it needs BEGIN:VCARD … END:VCARD."
        : "Send one vCard per request: this body holds several.",
    );
  }
  const uidProperty = cards[0]!.find((p) => p.name === "UID");
  let table;
  try {
    table = parseVcardTable(text);
  } catch (error) {
    if (error instanceof ImportFileError) throw new AddressCardError(error.message);
    throw error;
  }
  const mapping = detectMapping(table.headers, "vcard");
  const row = mapRow({ headers: table.headers, mapping, row: table.rows[0]!, now });
  if (!row.contact) {
    throw new AddressCardError(row.errors[0]?.message ?? "This card cannot be read.");
  }
  const uid = uidProperty ? unescapeValue(uidProperty.value).trim() : "";
  const photoProperty = cards[0]!.find((p) => p.name === "PHOTO");
  const photo = photoProperty ? readPhotoCell(photoOf(photoProperty)) : null;
  return { uid: uid || null, contact: row.contact, photo };
}

/**
 * What a phone's edit changes on a contact: the card's own fields, and its zone when the card
 * names one or says "None" by hand (X-TEND-TIME-ZONE). A card without either leaves the zone as
 * it is: phones that do not show a zone drop it.
 */
export function cardFieldsOf(
  contact: ContactInput,
): CardFields & { timeZone?: string | null; isTimeZoneSetByHand?: true } {
  const fields: Partial<Record<keyof CardFields, unknown>> = {};
  for (const key of CARD_FIELDS) fields[key] = contact[key];
  if (contact.timeZone) return { ...(fields as CardFields), timeZone: contact.timeZone };
  if (contact.isTimeZoneSetByHand) {
    return { ...(fields as CardFields), timeZone: null, isTimeZoneSetByHand: true };
  }
  return fields as CardFields;
}
