// The full JSON export of an account (profile, settings, reminders, contacts, history, past
// imports), and reading one back: its contacts and their history go through the same preview
// as a CSV.
import { z } from "zod";
import { CONTACT_FIELDS, type ContactFieldDefinitions } from "../contact-fields";
import { COMPUTED_CONTACT_KEYS, ContactInputSchema, contactSchemaFor } from "../contacts";
import type { GroupRhythm } from "../group-rhythms";
import { InteractionInputSchema, InteractionSchema } from "../interactions";
import { RHYTHM_UNITS } from "../rhythm";
import { RhythmSchema } from "../rhythm-schema";
import {
  normalizeRelationshipType,
  RELATIONSHIP_WORD_MAX,
  type RelatedRef,
} from "../relationships";
import { ImportRecordSchema } from "./import-api";
import type { ImportExtras, MappedRow } from "./map-row";
import { FILE_MESSAGES, IMPORT_MAX_ROWS, ImportFileError, tooManyRowsMessage } from "./read-file";

export const ACCOUNT_EXPORT_FORMAT = "tend-account-export";

const N = <T extends z.ZodType>(schema: T) => schema.nullable();

/** A contact as exported: everything the API answers but what it computes as of today. */
export const ExportedContactSchema = exportedContactSchemaFor(CONTACT_FIELDS);
export type ExportedContact = z.infer<typeof ExportedContactSchema>;

export function exportedContactSchemaFor<F extends ContactFieldDefinitions>(fields: F) {
  return contactSchemaFor(fields).omit(COMPUTED_CONTACT_KEYS);
}

export const ExportedInteractionSchema = InteractionSchema;

/** A past import, as the Data tab lists it; contacts it added carry its id as `importId`. */
export const ExportedImportSchema = ImportRecordSchema.omit({ canUndo: true });
export type ExportedImport = z.infer<typeof ExportedImportSchema>;

export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.object({
    email: z.string(),
    name: z.string(),
    phoneNumber: N(z.string()),
    createdAt: z.string(),
  }),
  profile: N(
    z.object({
      firstName: N(z.string()),
      lastName: N(z.string()),
      avatarType: z.string(),
      avatarUrl: z.string(),
      dicebearSeed: z.string(),
      dicebearStyle: z.string(),
      streetAddress: N(z.string()),
      city: N(z.string()),
      state: N(z.string()),
      regionName: N(z.string()),
      regionCode: N(z.string()),
      postalCode: N(z.string()),
      country: N(z.string()),
      countryName: N(z.string()),
      countryCode: N(z.string()),
      formattedAddress: N(z.string()),
      latitude: N(z.number()),
      longitude: N(z.number()),
    }),
  ),
  settings: N(
    z.object({
      theme: N(z.string()),
      avatarType: z.string(),
      dicebearStyle: z.string(),
      timezone: z.string(),
      reminderFrequency: z.number(),
      reminderCadence: z.string(),
      reminderTime: z.string(),
      reminderMethod: z.string(),
      onboardingCompleted: z.boolean(),
    }),
  ),
  reminders: z.array(
    z.object({
      isActive: z.boolean(),
      reminderFrequency: z.number(),
      reminderCadence: z.string(),
      reminderTime: z.string(),
      reminderMethod: z.string(),
      timezone: z.string(),
      nextScheduledAt: N(z.string()),
      createdAt: z.string(),
    }),
  ),
  contacts: z.array(ExportedContactSchema),
  /** Tags with a default rhythm (a contact's `rhythmSource` names the one it follows). */
  groups: z.array(
    z.object({
      tag: z.string(),
      rhythm: z.object({ interval: z.number(), unit: z.enum(RHYTHM_UNITS) }),
    }),
  ),
  interactions: z.array(ExportedInteractionSchema),
  /** Links between two contacts, each once: `type` is what the related contact is to the contact. */
  relationships: z.array(
    z.object({
      contactId: z.string(),
      relatedContactId: z.string(),
      type: z.string(),
      createdAt: z.string(),
    }),
  ),
  imports: z.array(ExportedImportSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

// Reading is looser than writing: a hand-edited file may drop fields it doesn't use, and fields
// an import doesn't restore (profile, settings, reminders, past imports) are not read at all.
const IncomingSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  contacts: z.array(z.record(z.string(), z.unknown())),
  interactions: z.array(z.record(z.string(), z.unknown())).optional(),
  groups: z.array(z.unknown()).optional(),
  relationships: z.array(z.unknown()).optional(),
});

// A link a file carries; one that doesn't read (a hand edit) is left out.
const IncomingRelationshipSchema = z.object({
  contactId: z.string(),
  relatedContactId: z.string(),
  type: z
    .string()
    .transform(normalizeRelationshipType)
    .pipe(z.string().min(1).max(RELATIONSHIP_WORD_MAX)),
});

// A group a file carries; one that doesn't read (a hand edit) is left out.
const IncomingGroupSchema = z.object({
  tag: z.string().trim().min(1).max(50),
  rhythm: RhythmSchema,
});
const RhythmSourceSchema = z.object({ tag: z.string().trim().min(1).max(50) });

// The rules of logging contact by hand (dates from 1900, notes cleaned of control characters),
// with a time and channel required: a file's history must not store what the form would refuse.
const IncomingInteractionSchema = InteractionInputSchema.required({
  occurredAt: true,
  channel: true,
}).extend({
  contactId: z.string(),
  // Exports before the flag existed have none: their entries count as full ones.
  isDateOnly: z.boolean().optional(),
});

const IsoOrNull = z.iso.datetime({ offset: true }).nullish();

function isoOrNull(value: unknown): string | null | undefined {
  const parsed = IsoOrNull.safeParse(value);
  return parsed.success ? (parsed.data ?? null) : undefined;
}

export const NOT_TEND_EXPORT =
  "This JSON file isn't a Tend account export. Import the account.json file that Tend's Data tab exports, or a CSV or vCard file.";

export function parseAccountExport(text: string): MappedRow[] {
  return parseAccountFile(text).rows;
}

/** The export's contacts as mapped rows, and its groups' rhythms. */
export function parseAccountFile(text: string): { rows: MappedRow[]; groups: GroupRhythm[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFileError("NOT_TEND_EXPORT", NOT_TEND_EXPORT);
  }
  const file = IncomingSchema.safeParse(json);
  if (!file.success) throw new ImportFileError("NOT_TEND_EXPORT", NOT_TEND_EXPORT);
  const { contacts, interactions = [] } = file.data;
  const groups = (file.data.groups ?? []).flatMap((g) => {
    const parsed = IncomingGroupSchema.safeParse(g);
    return parsed.success ? [parsed.data] : [];
  });
  if (contacts.length === 0) throw new ImportFileError("EMPTY", FILE_MESSAGES.EMPTY);
  if (contacts.length > IMPORT_MAX_ROWS)
    throw new ImportFileError("TOO_MANY_ROWS", tooManyRowsMessage(contacts.length));

  const links = new Map<string, RelatedRef[]>();
  for (const link of file.data.relationships ?? []) {
    const parsed = IncomingRelationshipSchema.safeParse(link);
    if (!parsed.success) continue;
    const { contactId, relatedContactId, type } = parsed.data;
    links.set(contactId, [
      ...(links.get(contactId) ?? []),
      { type, uid: `urn:uuid:${relatedContactId}` },
    ]);
  }

  // Grouped in one pass: copying a contact's list at each entry was quadratic, and a 10 MB file
  // of one contact's history held the import thread past its time limit.
  const history = new Map<string, Record<string, unknown>[]>();
  for (const i of interactions) {
    const key = String(i.contactId);
    const own = history.get(key);
    if (own) own.push(i);
    else history.set(key, [i]);
  }

  const rows = contacts.map((raw, index): MappedRow => {
    const errors: MappedRow["errors"] = [];
    // A followed group's rhythm is the group's, not the contact's own.
    const source = RhythmSourceSchema.safeParse(raw.rhythmSource);
    const followed = source.success ? RhythmSchema.safeParse(raw.rhythm) : undefined;
    const parsed = ContactInputSchema.safeParse(followed?.success ? { ...raw, rhythm: null } : raw);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        errors.push({ field: null, message: `${issue.path.join(".")}: ${issue.message}` });
    const own = history.get(String(raw.id)) ?? [];
    const logged = own.map((i) => IncomingInteractionSchema.safeParse(i));
    if (logged.some((l) => !l.success))
      errors.push({
        field: null,
        message: "Some of this contact's history has unreadable dates or channels.",
      });
    const extras: ImportExtras = {
      lastContactedAt: isoOrNull(raw.lastContactedAt) ?? null,
      nextDueAt: isoOrNull(raw.nextDueAt) ?? null,
      archivedAt: isoOrNull(raw.archivedAt) ?? null,
      rhythmSetAt: isoOrNull(raw.rhythmSetAt) ?? null,
      createdAt: isoOrNull(raw.createdAt) ?? null,
      ...(source.success && followed?.success
        ? { groupRhythm: { tag: source.data.tag, rhythm: followed.data } }
        : {}),
      interactions: logged.flatMap((l) =>
        l.success
          ? [
              {
                occurredAt: l.data.occurredAt,
                channel: l.data.channel,
                note: l.data.note ?? null,
                isDateOnly: l.data.isDateOnly ?? false,
              },
            ]
          : [],
      ),
    };
    const related = links.get(String(raw.id));
    if (related) extras.related = related;
    if (typeof raw.id === "string" && raw.id) extras.sourceUid = `urn:uuid:${raw.id}`;
    const name = [raw.firstName, raw.lastName].filter((v) => typeof v === "string" && v).join(" ");
    return {
      line: index + 1,
      contact: parsed.success && errors.length === 0 ? parsed.data : null,
      extras,
      errors,
      warnings: [],
      displayName: (name || "(no name)").slice(0, 120),
    };
  });
  return { rows, groups };
}
