// A contact's postal addresses as plain values, free of zod for the contacts screen: their
// parts, one line to show, the text of our CSV's Addresses cell, and the part a file's column
// header names (Outlook's "Home Street", Google's "Address 1 - Postal Code").
export const ADDRESS_PARTS = [
  "street",
  "extended",
  "city",
  "region",
  "postalCode",
  "country",
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export const ADDRESS_PART_LABELS: Record<AddressPart, string> = {
  street: "Street",
  extended: "Apartment, suite, PO box",
  city: "City",
  region: "Region",
  postalCode: "Postal code",
  country: "Country",
};

/** An address as stored and answered: every part is text, "" when empty. */
export type PostalAddress = { label?: string; isPlace: boolean } & Record<AddressPart, string>;

export function isBlankAddress(address: Partial<Record<AddressPart, string | null>>): boolean {
  return ADDRESS_PARTS.every((part) => !address[part]?.trim());
}

/** The address on one line, as an envelope reads it: "12 Main St, Flat 2, Leeds LS1, UK". */
export function formatAddress(address: PostalAddress): string {
  const town = [address.city, address.region, address.postalCode].filter(Boolean).join(" ");
  return [address.street, address.extended, town, address.country].filter(Boolean).join(", ");
}

// ---------------------------------------------------------------- our CSV's Addresses cell

// One address a line: "label; street; extended; city; region; postal code; country", a leading
// "* " on the one that is the place on the map; "\" escapes ";", "\" and line breaks in a part.
const escapePart = (part: string) =>
  part.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/\r?\n/g, "\\n");

export function writeAddressesCell(addresses: readonly PostalAddress[]): string {
  return addresses
    .map((a) => {
      const parts = [a.label ?? "", ...ADDRESS_PARTS.map((part) => a[part])].map(escapePart);
      return `${a.isPlace ? "* " : ""}${parts.join("; ")}`;
    })
    .join("\n");
}

function splitParts(line: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "\\" && i + 1 < line.length) {
      const next = line[++i]!;
      current += next === "n" ? "\n" : next;
    } else if (ch === ";") {
      parts.push(current.trim());
      current = "";
    } else current += ch;
  }
  parts.push(current.trim());
  return parts;
}

/** Reads writeAddressesCell's text back; a line without separators is a street. */
export function readAddressesCell(cell: string): PostalAddress[] {
  return cell
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const isPlace = line.startsWith("* ");
      const parts = splitParts(isPlace ? line.slice(2) : line);
      const [label, ...values] = parts.length === 1 ? ["", parts[0]!] : parts;
      const address = emptyAddress(label || undefined);
      ADDRESS_PARTS.forEach((part, i) => (address[part] = values[i] ?? ""));
      address.isPlace = isPlace;
      return address;
    })
    .filter((a) => !isBlankAddress(a));
}

export function emptyAddress(label?: string): PostalAddress {
  const address: PostalAddress = {
    isPlace: false,
    street: "",
    extended: "",
    city: "",
    region: "",
    postalCode: "",
    country: "",
  };
  if (label) address.label = label;
  return address;
}

// ---------------------------------------------------------------- columns of other files

export type AddressColumnPart = AddressPart | "label";

const PREFIX = String.raw`(home|business|work|other|address \d+ -|address \d+)`;
// City, region and country without a prefix are the contact's place, not an address part.
const PART_RULES: [RegExp, AddressColumnPart][] = [
  [new RegExp(`^(?:${PREFIX} )?(street( address)?|address line 1|street 1)$`), "street"],
  [
    new RegExp(
      `^(?:${PREFIX} )?(extended address|street [23]|address line [23]|po ?box|p\\.o\\. box)$`,
    ),
    "extended",
  ],
  [new RegExp(`^${PREFIX} (city|town|locality)$`), "city"],
  [new RegExp(`^${PREFIX} (state|region|province|county)$`), "region"],
  [new RegExp(`^(?:${PREFIX} )?(postal ?code|post ?code|zip( ?code)?)$`), "postalCode"],
  [new RegExp(`^${PREFIX} country(/region)?$`), "country"],
  [new RegExp(`^${PREFIX} (label|type)$`), "label"],
];

/**
 * The address part a normalised header names, and its group: the columns of one address share
 * a group ("home", "address 1"); "" for columns without a prefix, which complete the place.
 */
export function addressColumnOf(header: string): { part: AddressColumnPart; group: string } | null {
  for (const [pattern, part] of PART_RULES) {
    const match = pattern.exec(header);
    if (match) return { part, group: (match[1] ?? "").replace(/ -$/, "") };
  }
  return null;
}

/** The label a group's name gives its address: Outlook's "Business" is work. */
export function labelOfAddressGroup(group: string): string | undefined {
  if (group === "business") return "work";
  return /^(home|work|other)$/.test(group) ? group : undefined;
}
