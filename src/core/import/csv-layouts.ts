// Contacts → CSV in the column layouts Google Contacts and Outlook import: one value per column,
// labels in their own label columns, so the file can move a person's address book elsewhere.
import { emptyAddress, type PostalAddress } from "../postal-address";
import { phoneText } from "../phone-numbers";
import { formatBirthday } from "./parse-values";
import { writeCsv, type CsvColumn, type ExportContact } from "./csv-export";

export const CSV_LAYOUTS = ["tend", "google", "outlook"] as const;
export type CsvLayout = (typeof CSV_LAYOUTS)[number];

// Google shows a label as written; its own words for the usual kinds are capitalised.
const GOOGLE_LABELS: Record<string, string> = {
  mobile: "Mobile",
  home: "Home",
  work: "Work",
  other: "Other",
  main: "Main",
  pager: "Pager",
  fax: "Other Fax",
  "home fax": "Home Fax",
  "work fax": "Work Fax",
};

function googleLabel(label: string | undefined): string {
  if (!label) return "";
  return GOOGLE_LABELS[label.toLowerCase()] ?? label;
}

const slot = <T>(list: readonly T[], index: number): T | undefined => list[index];

// The addresses a layout writes, the place's first as importers take the first address as the
// main one; a contact's place stands in when it has no address.
function addressesOf(c: ExportContact): PostalAddress[] {
  const addresses = c.addresses as PostalAddress[];
  if (addresses.length > 0)
    return [...addresses].sort((a, b) => Number(b.isPlace) - Number(a.isPlace));
  if (!(c.city || c.region || c.country)) return addresses;
  const place = emptyAddress();
  place.city = c.city ?? "";
  place.region = c.region ?? "";
  place.country = c.country ?? "";
  return [place];
}

const GOOGLE_ADDRESS_PARTS = [
  ["Street", "street"],
  ["Extended Address", "extended"],
  ["City", "city"],
  ["Region", "region"],
  ["Postal Code", "postalCode"],
  ["Country", "country"],
] as const;

type Slots = { emails: number; phones: number; websites: number; addresses: number };

function googleColumns(slots: Slots): CsvColumn[] {
  const columns: CsvColumn[] = [
    { header: "First Name", cell: (c) => c.firstName ?? "" },
    { header: "Middle Name", cell: () => "" },
    { header: "Last Name", cell: (c) => c.lastName ?? "" },
    { header: "Name Prefix", cell: (c) => c.namePrefix ?? "" },
    { header: "Name Suffix", cell: (c) => c.nameSuffix ?? "" },
    { header: "Nickname", cell: (c) => c.nickname ?? "" },
    { header: "Organization Name", cell: (c) => c.company ?? "" },
    { header: "Organization Title", cell: (c) => c.jobTitle ?? "" },
    { header: "Birthday", cell: (c) => (c.birthday ? formatBirthday(c.birthday) : "") },
    { header: "Notes", cell: (c) => c.notes ?? "" },
    { header: "Labels", cell: (c) => ["* myContacts", ...c.tags].join(" ::: ") },
  ];
  for (let i = 0; i < slots.emails; i++) {
    columns.push(
      { header: `E-mail ${i + 1} - Label`, cell: (c) => googleLabel(slot(c.emails, i)?.label) },
      { header: `E-mail ${i + 1} - Value`, cell: (c) => slot(c.emails, i)?.value ?? "" },
    );
  }
  for (let i = 0; i < slots.phones; i++) {
    columns.push(
      { header: `Phone ${i + 1} - Label`, cell: (c) => googleLabel(slot(c.phones, i)?.label) },
      {
        header: `Phone ${i + 1} - Value`,
        cell: (c) => {
          const phone = slot(c.phones, i);
          return phone ? phoneText(phone) : "";
        },
      },
    );
  }
  for (let i = 0; i < slots.websites; i++) {
    columns.push(
      { header: `Website ${i + 1} - Label`, cell: (c) => googleLabel(slot(c.websites, i)?.label) },
      { header: `Website ${i + 1} - Value`, cell: (c) => slot(c.websites, i)?.value ?? "" },
    );
  }
  for (let i = 0; i < slots.addresses; i++) {
    const address = (c: ExportContact) => slot(addressesOf(c), i);
    columns.push({
      header: `Address ${i + 1} - Label`,
      cell: (c) => googleLabel(address(c)?.label),
    });
    for (const [name, part] of GOOGLE_ADDRESS_PARTS) {
      columns.push({
        header: `Address ${i + 1} - ${name}`,
        cell: (c) => address(c)?.[part] ?? "",
      });
    }
  }
  return columns;
}

// Outlook has a fixed column for each kind of phone; numbers of other kinds fill "Other Phone",
// then the second home and business columns (a second number of those kinds first), then any
// column left empty, so none is lost.
const OUTLOOK_PHONE_COLUMNS = [
  ["Mobile Phone", ["mobile", "cell", "iphone"]],
  ["Home Phone", ["home"]],
  ["Business Phone", ["work", "business"]],
  ["Business Fax", ["work fax", "business fax"]],
  ["Home Fax", ["home fax"]],
  ["Other Fax", ["fax", "other fax"]],
  ["Pager", ["pager"]],
  ["Other Phone", []],
  ["Home Phone 2", ["home"]],
  ["Business Phone 2", ["work", "business"]],
] as const;
const OUTLOOK_SPARE_PHONES = 3;

type Kinds = readonly (readonly [string, readonly string[]])[];

/** Each item in the first free column of its label's kind; the rest fill `spare` in order. */
function sortIntoKinds<T extends { label?: string }>(
  items: readonly T[],
  kinds: Kinds,
  spare: readonly string[],
): Map<string, T> {
  const sorted = new Map<string, T>();
  const rest: T[] = [];
  for (const item of items) {
    const label = item.label?.toLowerCase() ?? "";
    const kind = kinds.find(([name, labels]) => labels.includes(label) && !sorted.has(name));
    if (kind) sorted.set(kind[0], item);
    else rest.push(item);
  }
  for (const name of spare) {
    if (!sorted.has(name) && rest.length > 0) sorted.set(name, rest.shift()!);
  }
  return sorted;
}

// A layout's columns ask for their value one by one: a contact's values are sorted once.
function oncePerContact<T>(sort: (c: ExportContact) => T): (c: ExportContact) => T {
  const sorted = new WeakMap<ExportContact, T>();
  return (c) => {
    if (!sorted.has(c)) sorted.set(c, sort(c));
    return sorted.get(c)!;
  };
}

// Outlook has a home, a business and an other address; addresses of other kinds take the ones
// left empty.
const OUTLOOK_ADDRESS_KINDS = [
  ["Home", ["home"]],
  ["Business", ["work", "business"]],
  ["Other", []],
] as const;

const OUTLOOK_ADDRESS_PARTS = [
  ["Street", "street"],
  ["Street 2", "extended"],
  ["City", "city"],
  ["State", "region"],
  ["Postal Code", "postalCode"],
  ["Country/Region", "country"],
] as const;

function outlookColumns(): CsvColumn[] {
  const calls = OUTLOOK_PHONE_COLUMNS.slice(0, 3);
  const faxes = OUTLOOK_PHONE_COLUMNS.slice(3, -OUTLOOK_SPARE_PHONES);
  const phoneSpares = [...OUTLOOK_PHONE_COLUMNS.slice(-OUTLOOK_SPARE_PHONES), ...calls, ...faxes];
  const phonesOf = oncePerContact((c) =>
    sortIntoKinds(
      c.phones,
      OUTLOOK_PHONE_COLUMNS,
      phoneSpares.map(([name]) => name),
    ),
  );
  const addressSpares = OUTLOOK_ADDRESS_KINDS.map(([name]) => name).reverse();
  const addressesByKind = oncePerContact((c) =>
    sortIntoKinds(addressesOf(c), OUTLOOK_ADDRESS_KINDS, addressSpares),
  );
  const addressColumns = OUTLOOK_ADDRESS_KINDS.flatMap(([kind]) =>
    OUTLOOK_ADDRESS_PARTS.map(([name, part]): CsvColumn => ({
      header: `${kind} ${name}`,
      cell: (c) => addressesByKind(c).get(kind)?.[part] ?? "",
    })),
  );
  return [
    { header: "Title", cell: (c) => c.namePrefix ?? "" },
    { header: "First Name", cell: (c) => c.firstName ?? "" },
    { header: "Middle Name", cell: () => "" },
    { header: "Last Name", cell: (c) => c.lastName ?? "" },
    { header: "Suffix", cell: (c) => c.nameSuffix ?? "" },
    { header: "Nickname", cell: (c) => c.nickname ?? "" },
    { header: "Company", cell: (c) => c.company ?? "" },
    { header: "Job Title", cell: (c) => c.jobTitle ?? "" },
    { header: "E-mail Address", cell: (c) => slot(c.emails, 0)?.value ?? "" },
    { header: "E-mail 2 Address", cell: (c) => slot(c.emails, 1)?.value ?? "" },
    { header: "E-mail 3 Address", cell: (c) => slot(c.emails, 2)?.value ?? "" },
    ...OUTLOOK_PHONE_COLUMNS.map(([name]): CsvColumn => ({
      header: name,
      cell: (c) => {
        const phone = phonesOf(c).get(name);
        return phone ? phoneText(phone) : "";
      },
    })),
    ...addressColumns,
    {
      header: "Birthday",
      // Outlook reads its own month-first dates; a birthday without a year has none to give.
      cell: (c) =>
        c.birthday?.year ? `${c.birthday.month}/${c.birthday.day}/${c.birthday.year}` : "",
    },
    { header: "Notes", cell: (c) => c.notes ?? "" },
    { header: "Categories", cell: (c) => c.tags.join(";") },
    // Outlook has one web page column: the first website.
    { header: "Web Page", cell: (c) => slot(c.websites, 0)?.value ?? "" },
  ];
}

/** The columns of a layout, wide enough for the most emails and phones any contact has. */
function layoutColumns(
  layout: Exclude<CsvLayout, "tend">,
  contacts: readonly ExportContact[],
): CsvColumn[] {
  if (layout === "outlook") return outlookColumns();
  const most = (pick: (c: ExportContact) => readonly unknown[]) =>
    Math.max(1, ...contacts.map((c) => pick(c).length));
  return googleColumns({
    emails: most((c) => c.emails),
    phones: most((c) => c.phones),
    websites: most((c) => c.websites),
    addresses: most(addressesOf),
  });
}

export function buildLayoutCsv(
  layout: Exclude<CsvLayout, "tend">,
  contacts: readonly ExportContact[],
): string {
  return writeCsv(layoutColumns(layout, contacts), contacts);
}
