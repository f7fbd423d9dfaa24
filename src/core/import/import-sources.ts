// Where an import's file came from, and its name for people: free of zod, so a page that only
// names sources (the recent imports) loads no schema. The schema is in
// import-fields.ts.
export const IMPORT_SOURCES = [
  "tend",
  "google",
  "outlook",
  "linkedin",
  "vcard",
  "json",
  "generic",
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  tend: "Tend export",
  google: "Google Contacts",
  outlook: "Outlook",
  linkedin: "LinkedIn connections",
  vcard: "vCard",
  json: "Tend account export (JSON)",
  generic: "CSV file",
};
