// Queries of the offline gazetteer: the place search (a name as it is typed, qualified by
// region or country) and the exact lookup that places imported contacts.
import type { Place, PlaceType } from "../../../core/places";
import {
  loadIndex,
  lowerBound,
  normalizePlaceName,
  type CountryRow,
  type Index,
} from "./gazetteer-index";
import { readScope } from "./place-scope";

function cityPlace(ix: Index, i: number): Place {
  const country = ix.countries[ix.cityCountry[i] as number] as CountryRow;
  const name = ix.cityName[i] as string;
  const region = ix.regions[ix.cityRegion[i] as number]?.name ?? null;
  return {
    id: `city:${ix.cityId[i]}`,
    type: "place",
    name,
    label: [name, region, country.name].filter(Boolean).join(", "),
    city: name,
    region,
    country: country.name,
    countryCode: country.code,
    latitude: round(ix.latitude[i] as number),
    longitude: round(ix.longitude[i] as number),
  };
}

function countryPlace(ix: Index, j: number): Place {
  const c = ix.countries[j] as CountryRow;
  return {
    id: `country:${c.code}`,
    type: "country",
    name: c.name,
    label: c.name,
    city: null,
    region: null,
    country: c.name,
    countryCode: c.code,
    latitude: c.latitude,
    longitude: c.longitude,
  };
}

// Float32 keeps ~1 m at these magnitudes; print 5 decimals, as GeoNames does.
function round(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

export type GazetteerQuery = { q: string; limit: number; types?: PlaceType[] };

// A name matched whole ranks above every name it only begins: "Bath" is Bath, England before
// Bathinda, India, however many more live there.
const WHOLE_NAME_RANK = 1e12;

/**
 * Places whose name (or another name of theirs) starts with the query: whole-name matches
 * first, then by population. "Lisbon, Portugal" or "Arlington, VA, USA" narrows cities to that
 * country and region; the last qualifier may still be being typed.
 */
export function searchGazetteer(query: GazetteerQuery): Place[] {
  const ix = loadIndex();
  const types = query.types ?? ["place", "country"];
  const wantsCities = types.includes("place") || types.includes("locality");
  const wantsCountries = types.includes("country");
  if (!wantsCities && !wantsCountries) return [];

  const [head = "", ...rest] = query.q.split(",");
  const prefix = normalizePlaceName(head);
  if (!prefix) return [];
  const isQualified = rest.some((part) => normalizePlaceName(part));
  const isInScope = readScope(ix, rest, { isLastPrefix: true }) ?? (() => true);

  // Best `limit` entries by rank, kept sorted; one entry per place.
  const best: { entry: number; rank: number }[] = [];
  const seen = new Set<number>();
  for (let k = lowerBound(ix.keys, prefix); k < ix.keys.length; k++) {
    const key = ix.keys[k] as string;
    if (!key.startsWith(prefix)) break;
    const e = ix.entry[k] as number;
    if (seen.has(e)) continue;
    let rank = key === prefix ? WHOLE_NAME_RANK : 0;
    if (e >= 0) {
      if (!wantsCities || !isInScope(e)) continue;
      rank += ix.population[e] as number;
    } else {
      if (!wantsCountries || isQualified) continue;
      rank += ix.countryPopulation[-e - 1] as number;
    }
    if (best.length === query.limit && rank <= (best.at(-1)?.rank ?? 0)) continue;
    seen.add(e);
    let at = best.length;
    while (at > 0 && (best[at - 1]?.rank ?? 0) < rank) at--;
    best.splice(at, 0, { entry: e, rank });
    if (best.length > query.limit) best.pop();
  }
  return best.map(({ entry }) =>
    entry >= 0 ? cityPlace(ix, entry) : countryPlace(ix, -entry - 1),
  );
}

/** A place as an address book holds it: the city (which may carry ", VA, USA") and the rest. */
export type PlaceText = {
  city: string;
  region?: string | null;
  country?: string | null;
  countryCode?: string | null;
};

/**
 * The most populous city called exactly this (by any of its names, ignoring case and accents)
 * within the region and country given, for placing imported contacts; none when no city of
 * that name is there, or when the country is one the gazetteer does not know ("Atlantis,
 * Narnia" is not put in South Africa's Atlantis).
 */
export function findPlace(text: PlaceText): Place | undefined {
  const ix = loadIndex();
  const [head = "", ...rest] = text.city.split(",");
  const key = normalizePlaceName(head);
  if (!key) return undefined;
  const countries = [text.country, text.countryCode].filter((c): c is string => Boolean(c?.trim()));
  if (countries.length > 0 && !countries.some((c) => findCountry(c))) return undefined;
  const parts = [...rest, text.region ?? "", text.country ?? "", text.countryCode ?? ""];
  const isInScope = readScope(ix, parts, { isLastPrefix: false }) ?? (() => true);
  let found = -1;
  for (let k = lowerBound(ix.keys, key); ix.keys[k] === key; k++) {
    const e = ix.entry[k] as number;
    if (e < 0 || !isInScope(e)) continue;
    if (found < 0 || (ix.population[e] as number) > (ix.population[found] as number)) found = e;
  }
  return found < 0 ? undefined : cityPlace(ix, found);
}

/** The country whose name, alternate name or ISO code is exactly this text (any case/accents). */
export function findCountry(text: string): Place | undefined {
  const ix = loadIndex();
  const key = normalizePlaceName(text);
  if (!key) return undefined;
  for (let k = lowerBound(ix.keys, key); ix.keys[k] === key; k++) {
    const e = ix.entry[k] as number;
    if (e < 0) return countryPlace(ix, -e - 1);
  }
  return undefined;
}

export type NamedPoint = { name: string; latitude: number; longitude: number };

/**
 * The most populous places inside a longitude/latitude box, most populous first: the names a
 * location preview writes around its pin. A plain scan of the columns (~135k cities) takes well
 * under a millisecond, and each preview is rendered once and cached.
 */
export function citiesWithin(
  box: [west: number, south: number, east: number, north: number],
  limit: number,
): NamedPoint[] {
  const ix = loadIndex();
  const [west, south, east, north] = box;
  const found: number[] = [];
  for (let i = 0; i < ix.latitude.length; i++) {
    const lat = ix.latitude[i] as number;
    if (lat < south || lat > north) continue;
    const lng = ix.longitude[i] as number;
    // A box that runs past ±180° also takes the cities one world over.
    if (!((lng >= west && lng <= east) || lng + 360 <= east || lng - 360 >= west)) continue;
    found.push(i);
  }
  found.sort((a, b) => (ix.population[b] as number) - (ix.population[a] as number));
  return found.slice(0, limit).map((i) => ({
    name: ix.cityName[i] as string,
    latitude: ix.latitude[i] as number,
    longitude: ix.longitude[i] as number,
  }));
}
