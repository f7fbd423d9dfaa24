// What the words after a city's name say about where it is: "Arlington, VA, USA" keeps only
// cities in Virginia and in the United States. Each qualifier is a country, a region or both
// ("GA": Gabon or Georgia; "Georgia": the country or the state).
import { lowerBound, normalizePlaceName, type Index } from "./gazetteer-index";

type Qualifier = { countries: Set<number>; regions: Set<number> };

/** Whether a city is where the qualifiers say; `undefined` when they say nothing usable. */
export type Scope = ((city: number) => boolean) | undefined;

function isEmpty(q: Qualifier): boolean {
  return q.countries.size === 0 && q.regions.size === 0;
}

function readQualifier(ix: Index, text: string, isPrefix: boolean): Qualifier {
  const key = normalizePlaceName(text);
  const found: Qualifier = { countries: new Set(), regions: new Set() };
  if (!key) return found;
  for (let k = lowerBound(ix.keys, key); ix.keys[k] === key; k++) {
    const e = ix.entry[k] as number;
    if (e < 0) found.countries.add(-e - 1);
  }
  for (const r of ix.regionsByName.get(key) ?? []) found.regions.add(r);
  if (!isPrefix || !isEmpty(found)) return found;
  // Still being typed ("Lisbon, Portu"): any country or region that starts so.
  for (let k = lowerBound(ix.keys, key); k < ix.keys.length; k++) {
    if (!(ix.keys[k] as string).startsWith(key)) break;
    const e = ix.entry[k] as number;
    if (e < 0) found.countries.add(-e - 1);
  }
  for (const [name, regions] of ix.regionsByName) {
    if (name.startsWith(key)) for (const r of regions) found.regions.add(r);
  }
  return found;
}

/**
 * The scope of these qualifiers, read from the last (the country, usually) to the first. One
 * that names nothing known is left out (offline, only US and Canadian regions have names), and
 * so is one that cannot hold with those after it: in "Como, VA, Italy", VA (Vatican City or
 * Virginia) is in neither Italy, so it is read as an Italian province the gazetteer does not
 * know. A known qualifier is never left out for having no city of that name: "Arlington, DC"
 * finds nothing rather than Arlington, Texas.
 */
export function readScope(ix: Index, parts: string[], options: { isLastPrefix: boolean }): Scope {
  const kept: Qualifier[] = [];
  let allowed: Set<number> | undefined;
  for (let i = parts.length - 1; i >= 0; i--) {
    const q = readQualifier(ix, parts[i]!, options.isLastPrefix && i === parts.length - 1);
    const isAllowed = (country: number) => !allowed || allowed.has(country);
    const narrowed: Qualifier = {
      countries: new Set([...q.countries].filter(isAllowed)),
      regions: new Set([...q.regions].filter((r) => isAllowed(ix.regions[r]!.country))),
    };
    if (isEmpty(narrowed)) continue;
    kept.push(narrowed);
    allowed = new Set(narrowed.countries);
    for (const r of narrowed.regions) allowed.add(ix.regions[r]!.country);
  }
  if (kept.length === 0) return undefined;
  return (city) => {
    const country = ix.cityCountry[city] as number;
    const region = ix.cityRegion[city] as number;
    return kept.every((q) => q.countries.has(country) || q.regions.has(region));
  };
}
