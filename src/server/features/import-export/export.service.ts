// Everything an account holds, for the JSON export; and the contacts for CSV and vCard.
import { asc, eq } from "drizzle-orm";
import type { Contact } from "../../../core/contacts";
import {
  ACCOUNT_EXPORT_FORMAT,
  ExportedContactSchema,
  type AccountExport,
  type ExportedContact,
} from "../../../core/import/account-export";
import type { RelatedRef } from "../../../core/relationships";
import type { Db } from "../../db/client";
import {
  contacts,
  imports,
  interactions,
  profiles,
  userReminders,
  userSettings,
  users,
} from "../../db/schema/index";
import {
  listAllRelationshipRows,
  listRelationshipsFor,
  loadGroupRhythms,
  toContact,
  toInteraction,
  type ContactContext,
} from "../contacts/contacts.public";
import { toImportRecord } from "./import-history";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// What a contact exports: ExportedContactSchema's keys (every field, none of what is computed).
const EXPORTED_KEYS = Object.keys(ExportedContactSchema.shape) as (keyof ExportedContact)[];

function exportedContact(c: Contact): ExportedContact {
  const exported: Partial<Record<keyof ExportedContact, unknown>> = {};
  for (const key of EXPORTED_KEYS) exported[key] = c[key];
  return exported as ExportedContact;
}

/**
 * Each contact's links: to the other card's UID, which is its id, and the other person's name
 * (a vCard uses the UID; the CSV the name, and the id where the name is not enough).
 */
export async function withRelated<C extends { id: string }>(
  db: Db,
  userId: string,
  list: C[],
): Promise<(C & { related: RelatedRef[] })[]> {
  const links = await listRelationshipsFor(db, userId);
  return list.map((c) => ({
    ...c,
    related: (links.get(c.id) ?? []).map((l) => ({
      type: l.type,
      uid: `urn:uuid:${l.other.id}`,
      name: [l.other.firstName, l.other.lastName].filter(Boolean).join(" "),
    })),
  }));
}

/** The user's contacts for the CSV and vCard exports, by name. */
export async function listExportContacts(db: Db, ctx: ContactContext): Promise<Contact[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, ctx.userId))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.createdAt));
  return rows.map((row) => toContact(row, ctx));
}

export async function buildAccountExport(db: Db, ctx: ContactContext): Promise<AccountExport> {
  const { userId } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const reminders = await db
    .select()
    .from(userReminders)
    .where(eq(userReminders.userId, userId))
    .orderBy(asc(userReminders.createdAt));
  const history = await db
    .select()
    .from(interactions)
    .where(eq(interactions.userId, userId))
    .orderBy(asc(interactions.occurredAt), asc(interactions.id));
  const pastImports = await db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(asc(imports.createdAt), asc(imports.id));
  const exportedContacts = (await listExportContacts(db, ctx)).map(exportedContact);
  const groups = [...(await loadGroupRhythms(db, userId)).values()].sort((a, b) =>
    a.tag.localeCompare(b.tag),
  );
  const links = await listAllRelationshipRows(db, userId);
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: 1,
    exportedAt: ctx.now.toISOString(),
    account: {
      email: user!.email,
      name: user!.name,
      phoneNumber: user!.phoneNumber,
      createdAt: user!.createdAt.toISOString(),
    },
    profile: profile
      ? {
          firstName: profile.firstName,
          lastName: profile.lastName,
          avatarType: profile.avatarType,
          avatarUrl: profile.avatarUrl,
          dicebearSeed: profile.dicebearSeed,
          dicebearStyle: profile.dicebearStyle,
          streetAddress: profile.streetAddress,
          city: profile.city,
          state: profile.state,
          regionName: profile.regionName,
          regionCode: profile.regionCode,
          postalCode: profile.postalCode,
          country: profile.country,
          countryName: profile.countryName,
          countryCode: profile.countryCode,
          formattedAddress: profile.formattedAddress,
          latitude: profile.latitude,
          longitude: profile.longitude,
        }
      : null,
    settings: settings
      ? {
          theme: settings.theme,
          avatarType: settings.avatarType,
          dicebearStyle: settings.dicebearStyle,
          timezone: settings.timezone,
          reminderFrequency: settings.reminderFrequency,
          reminderCadence: settings.reminderCadence,
          reminderTime: settings.reminderTime,
          reminderMethod: settings.reminderMethod,
          onboardingCompleted: settings.onboardingCompleted,
        }
      : null,
    reminders: reminders.map((r) => ({
      isActive: r.isActive,
      reminderFrequency: r.reminderFrequency,
      reminderCadence: r.reminderCadence,
      reminderTime: r.reminderTime,
      reminderMethod: r.reminderMethod,
      timezone: r.timezone,
      nextScheduledAt: iso(r.nextScheduledAt),
      createdAt: r.createdAt.toISOString(),
    })),
    contacts: exportedContacts,
    groups,
    interactions: history.map(toInteraction),
    // Each link once: `type` is what the related contact is to the contact.
    relationships: links.map((row) => ({
      contactId: row.contactId,
      relatedContactId: row.relatedContactId,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
    })),
    // What each import did, not how to undo it: the merge snapshots are earlier copies of
    // contacts already in this file, meaningful only to undo in this account.
    imports: pastImports.map((row) => {
      const { canUndo: _, ...record } = toImportRecord(row, false);
      return record;
    }),
  };
}

/** "tend-contacts-2025-06-01.csv": the app's name and today's date in the user's zone. */
export function exportFileName(appName: string, what: string, ext: string, day: string): string {
  const slug =
    appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "export";
  return `${slug}-${what}-${day}.${ext}`;
}
