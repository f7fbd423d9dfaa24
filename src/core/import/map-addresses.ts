// A row's postal addresses: our CSV's Addresses cell (a vCard's ADR lines become one too), and
// other files' columns per part, grouped into one address per prefix (Outlook's "Home …" and
// "Business …", Google's "Address 1 - …"). Then which of them is the contact's place on the map.
import {
  addressColumnOf,
  emptyAddress,
  isBlankAddress,
  labelOfAddressGroup,
  readAddressesCell,
  type AddressColumnPart,
  type PostalAddress,
} from "../postal-address";
import { normalizeHeader } from "./detect-mapping";
import type { ImportField } from "./import-fields";
import type { Cell } from "./map-row";
import { cleanLabel } from "./parse-values";

const PART_TARGETS: [ImportField, AddressColumnPart][] = [
  ["addressStreet", "street"],
  ["addressExtended", "extended"],
  ["addressCity", "city"],
  ["addressRegion", "region"],
  ["addressPostalCode", "postalCode"],
  ["addressCountry", "country"],
  ["addressLabel", "label"],
];

type Input = Record<string, unknown>;

export function addressesFrom(
  cells: Cell[] | undefined,
  byField: Map<ImportField, Cell[]>,
): PostalAddress[] {
  const addresses = (cells ?? []).flatMap((cell) => readAddressesCell(cell.value));
  const groups = new Map<string, PostalAddress>();
  for (const [target, part] of PART_TARGETS) {
    for (const cell of byField.get(target) ?? []) {
      if (!cell.value) continue;
      // A column mapped by hand whose header names no address is part of the unprefixed one.
      const group = addressColumnOf(normalizeHeader(cell.header))?.group ?? "";
      let address = groups.get(group);
      if (!address) groups.set(group, (address = emptyAddress(labelOfAddressGroup(group))));
      if (part === "label") {
        const label = cleanLabel(cell.value);
        if (label) address.label = label;
      } else {
        // Outlook's "Street 2" and "Street 3" both add to the extended part.
        address[part] = [address[part], cell.value].filter(Boolean).join(", ");
      }
    }
  }
  // Columns without a prefix (Street, ZIP) complete the place's city, region and country.
  const unprefixed = groups.get("");
  if (unprefixed) unprefixed.isPlace = true;
  return [...addresses, ...groups.values()].filter((a) => !isBlankAddress(a));
}

const placeText = (input: Input, key: "city" | "region" | "country") =>
  typeof input[key] === "string" ? input[key] : "";

/**
 * One address at most is the place: the one the file marks, else, for a contact with no city,
 * region or country of its own, the first address that has one, which then gives them.
 */
export function linkPlace(input: Input): void {
  const addresses = (input.addresses as PostalAddress[] | undefined) ?? [];
  const marked = addresses.filter((a) => a.isPlace);
  for (const extra of marked.slice(1)) extra.isPlace = false;
  const hasPlace = ["city", "region", "country"].some((key) => placeText(input, key as "city"));
  let place = marked[0];
  if (!place && !hasPlace) {
    place = addresses.find((a) => a.city || a.region || a.country);
    if (place) place.isPlace = true;
  }
  if (!place) return;
  for (const key of ["city", "region", "country"] as const) {
    if (!place[key]) place[key] = placeText(input, key);
    else if (!hasPlace) input[key] = place[key];
  }
}
