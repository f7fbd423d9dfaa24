// Everything an account holds, for the JSON export (decision 031); and the contacts for CSV and vCard.
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Contact } from "../../../core/contacts";
import {
  ACCOUNT_EXPORT_FORMAT,
  ExportedContactSchema,
  type AccountExport,
  type ExportedContact,
} from "../../../core/import/account-export";
import type { Db } from "../../db/client";
import { nextTurn } from "../../lib/next-turn";
import {
  contacts,
  imports,
  interactions,
  profiles,
  userReminders,
  userSettings,
  users,
} from "../../db/schema/index";
import { toContact, toInteraction, type ContactContext } from "../contacts/contacts.public";
import { toImportRecord } from "./import-history";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// What a contact exports: ExportedContactSchema's keys (every field, none of what is computed).
const EXPORTED_KEYS = Object.keys(ExportedContactSchema.shape) as (keyof ExportedContact)[];

function exportedContact(c: Contact): ExportedContact {
  const exported: Partial<Record<keyof ExportedContact, unknown>> = {};
  for (const key of EXPORTED_KEYS) exported[key] = c[key];
  return exported as ExportedContact;
}

/** Rows of history per query: each is a short task on the event loop, not one long one. */
export const HISTORY_PAGE_ROWS = 1_000;

/**
 * Contacts mapped per turn of the event loop. Mapping an account's 1,000 at once was one stretch
 * of ~60 ms of CPU on the event loop, and well over 100 ms under load (decision 233).
 */
export const CONTACT_PAGE_ROWS = 250;

/** `map` over `items`, a page at a time, with a turn of the event loop (nextTurn) between pages. */
async function mapInTurns<T, U>(items: T[], map: (item: T) => U, pageRows: number): Promise<U[]> {
  const mapped: U[] = [];
  for (let start = 0; start < items.length; start += pageRows) {
    if (start > 0) await nextTurn();
    for (const item of items.slice(start, start + pageRows)) mapped.push(map(item));
  }
  return mapped;
}

/** The user's contacts for the CSV and vCard exports, by name. */
export function listExportContacts(
  db: Db,
  ctx: ContactContext,
  pageRows = CONTACT_PAGE_ROWS,
): Promise<Contact[]> {
  return readExportContacts(db, ctx, (contact) => contact, pageRows);
}

/** The user's contacts by name, each made a Contact and then `as`, in one pass of pages. */
async function readExportContacts<T>(
  db: Db,
  ctx: ContactContext,
  as: (contact: Contact) => T,
  pageRows: number,
): Promise<T[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, ctx.userId))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.createdAt));
  return mapInTurns(rows, (row) => as(toContact(row, ctx)), pageRows);
}

type ExportedInteraction = AccountExport["interactions"][number];

/**
 * The user's whole history, oldest first, read a page at a time (by occurred time, then id) with
 * a turn of the event loop between pages: one query for 20,000 entries held every other request
 * for seconds while PGlite ran on the event loop (decision 175); it now has a thread of its own
 * (decision 170), and the pages still keep each answer and its rows small.
 */
export async function listExportHistory(
  db: Db,
  userId: string,
  pageRows = HISTORY_PAGE_ROWS,
): Promise<ExportedInteraction[]> {
  const history: ExportedInteraction[] = [];
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page: (typeof interactions.$inferSelect & { at: string })[] = await db
      .select({
        ...getTableColumns(interactions),
        at: sql<string>`${interactions.occurredAt}::text`,
      })
      .from(interactions)
      .where(
        and(
          eq(interactions.userId, userId),
          // After the previous page's last row, compared as stored: its time as text keeps the
          // microseconds a JS Date would drop (and repeat or skip rows).
          after
            ? sql`(${interactions.occurredAt}, ${interactions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(interactions.occurredAt), asc(interactions.id))
      .limit(pageRows);
    for (const row of page) history.push(toInteraction(row));
    if (page.length < pageRows) return history;
    after = page.at(-1)!;
    await nextTurn();
  }
}

/** The account export's long lists, sent to the worker that writes the file a page at a time. */
export const ACCOUNT_EXPORT_LISTS = [
  "contacts",
  "interactions",
] as const satisfies readonly (keyof AccountExport)[];

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
  const history = await listExportHistory(db, userId);
  const pastImports = await db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(asc(imports.createdAt), asc(imports.id));
  const exportedContacts = await readExportContacts(db, ctx, exportedContact, CONTACT_PAGE_ROWS);
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
    interactions: history,
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
