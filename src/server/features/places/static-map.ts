// A small Web-Mercator map with a pin, drawn as SVG from the bundled world-atlas outlines: the
// location preview of spec 02 (zoom 1–20, default 12, 400×200). The outlines are read at the
// resolution the zoom needs, once, split into polygons and border lines with their bounds, so a
// request projects only what its view can show.
import { createRequire } from "node:module";
import { geoArea, geoBounds, geoMercator, geoPath, type GeoPermissibleObjects } from "d3-geo";
import type { Feature, LineString, MultiPolygon, Polygon, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { StaticMapQuery } from "../../../core/places";

type Bounds = [west: number, south: number, east: number, north: number];
type Shape<G> = { geometry: G; bounds: Bounds };
type Outlines = { land: Shape<Polygon>[]; borders: Shape<LineString>[] };

type Resolution = "110m" | "50m" | "10m";
const outlines = new Map<Resolution, Outlines>();

function resolutionFor(zoom: number): Resolution {
  if (zoom < 4) return "110m";
  if (zoom < 7) return "50m";
  return "10m";
}

function boundsOf(geometry: GeoPermissibleObjects): Bounds {
  const [[west, south], [east, north]] = geoBounds(geometry);
  // A shape across the antimeridian has west > east: treat it as spanning every longitude.
  return west > east ? [-180, south, 180, north] : [west, south, east, north];
}

function loadOutlines(resolution: Resolution): Outlines {
  const cached = outlines.get(resolution);
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const topology = require(`world-atlas/countries-${resolution}.json`) as Topology<{
    countries: GeometryCollection;
  }>;
  const countries = feature(topology, topology.objects.countries).features as Feature<
    Polygon | MultiPolygon | null
  >[];
  const land: Shape<Polygon>[] = [];
  for (const country of countries) {
    const g = country.geometry;
    if (!g) continue;
    const polygons: Position[][][] = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
    for (const coordinates of polygons) {
      const geometry: Polygon = { type: "Polygon", coordinates };
      // A few specks in the 10m data (Maldives) are wound as the whole globe minus themselves.
      if (geoArea(geometry) > 2 * Math.PI) continue;
      land.push({ geometry, bounds: boundsOf(geometry) });
    }
  }
  const borderMesh = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const borders = borderMesh.coordinates.map((coordinates) => {
    const geometry: LineString = { type: "LineString", coordinates };
    return { geometry, bounds: boundsOf(geometry) };
  });
  const loaded = { land, borders };
  outlines.set(resolution, loaded);
  return loaded;
}

// Web Mercator stops at ±85.0511°, as map tiles do.
const MAX_MERCATOR_LATITUDE = 85.0511;

const THEMES = {
  light: { water: "#cfe2f3", land: "#f1efe6", border: "#a3a9b3", pin: "#e11d48" },
  dark: { water: "#0f1b2a", land: "#273244", border: "#5b6678", pin: "#fb7185" },
} as const;
export type MapTheme = keyof typeof THEMES;

function intersects(a: Bounds, b: Bounds): boolean {
  if (a[1] > b[3] || a[3] < b[1]) return false;
  // Compare longitudes also one world to either side, for views that cross the antimeridian.
  return [-360, 0, 360].some((shift) => a[0] + shift <= b[2] && a[2] + shift >= b[0]);
}

export function renderStaticMap(query: StaticMapQuery & { theme: MapTheme }): string {
  const { w, h, zoom } = query;
  const lat = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, query.lat));
  const colours = THEMES[query.theme];
  // The scale of 256-pixel map tiles at this zoom: 256 · 2^zoom pixels around the world.
  const projection = geoMercator()
    .scale((256 * 2 ** zoom) / (2 * Math.PI))
    .center([query.lng, lat])
    .translate([w / 2, h / 2])
    .clipExtent([
      [-2, -2],
      [w + 2, h + 2],
    ]);
  const path = geoPath(projection).digits(1);

  const [west, north] = projection.invert?.([0, 0]) ?? [-180, 90];
  const [east, south] = projection.invert?.([w, h]) ?? [180, -90];
  const view: Bounds =
    zoom < 4 ? [-540, -90, 540, 90] : [west - 0.5, south - 0.5, east + 0.5, north + 0.5];

  const { land, borders } = loadOutlines(resolutionFor(zoom));
  const landPath = land
    .filter((s) => intersects(s.bounds, view))
    .map((s) => path(s.geometry) ?? "")
    .join("");
  const borderPath = borders
    .filter((s) => intersects(s.bounds, view))
    .map((s) => path(s.geometry) ?? "")
    .join("");

  const x = w / 2;
  const y = h / 2;
  // A teardrop pin whose point is exactly on the place.
  const pin =
    `<g transform="translate(${x} ${y})">` +
    `<path d="M0 0C-2-6-9-10-9-17a9 9 0 1 1 18 0c0 7-7 11-9 17z" fill="${colours.pin}" stroke="#ffffff" stroke-width="1.5"/>` +
    `<circle cy="-17" r="3.2" fill="#ffffff"/></g>`;
  const title = `Map of ${query.lat.toFixed(4)}, ${query.lng.toFixed(4)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<rect width="${w}" height="${h}" fill="${colours.water}"/>` +
    (landPath ? `<path d="${landPath}" fill="${colours.land}"/>` : "") +
    (borderPath
      ? `<path d="${borderPath}" fill="none" stroke="${colours.border}" stroke-width="0.8" stroke-linejoin="round"/>`
      : "") +
    pin +
    `</svg>`
  );
}
