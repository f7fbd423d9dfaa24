// addressbook-query's filter (RFC 6352 §10.5): prop-filters with is-not-defined and text-match
// (equals, contains, starts-with, ends-with; case-insensitive; negate-condition), combined by
// anyof or allof. A param-filter is not narrowed on: the card is kept, so a query never hides
// a card it asked for.
import type { VcardProperty } from "../../../core/import/vcard-parse";
import { unescapeValue } from "../../../core/import/vcard-parse";
import { findChild, findChildren, NS, type XmlElement } from "./dav-xml";

function textMatches(values: string[], match: XmlElement): boolean {
  const wanted = match.text.toLocaleLowerCase();
  const type = match.attributes["match-type"] ?? "contains";
  const isNegated = match.attributes["negate-condition"] === "yes";
  const hit = values.some((raw) => {
    const value = raw.toLocaleLowerCase();
    if (type === "equals") return value === wanted;
    if (type === "starts-with") return value.startsWith(wanted);
    if (type === "ends-with") return value.endsWith(wanted);
    return value.includes(wanted);
  });
  return isNegated ? !hit : hit;
}

function propFilterMatches(card: VcardProperty[], filter: XmlElement): boolean {
  const name = (filter.attributes.name ?? "").toUpperCase();
  const values = card.filter((p) => p.name === name).map((p) => unescapeValue(p.value));
  if (findChild(filter, NS.carddav, "is-not-defined")) return values.length === 0;
  const tests = findChildren(filter, NS.carddav, "text-match");
  if (tests.length === 0) return values.length > 0;
  const results = tests.map((t) => textMatches(values, t));
  return filter.attributes.test === "allof" ? results.every(Boolean) : results.some(Boolean);
}

export function cardMatchesFilter(card: VcardProperty[], filter: XmlElement | undefined): boolean {
  const propFilters = findChildren(filter, NS.carddav, "prop-filter");
  if (!filter || propFilters.length === 0) return true;
  const results = propFilters.map((f) => propFilterMatches(card, f));
  return filter.attributes.test === "allof" ? results.every(Boolean) : results.some(Boolean);
}
