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
import { citiesWithin } from "./gazetteer";

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
  light: {
    water: "#cfe2f3",
    land: "#f1efe6",
    border: "#a3a9b3",
    pin: "#e11d48",
    text: "#374151",
    halo: "#ffffff",
  },
  dark: {
    water: "#0f1b2a",
    land: "#273244",
    border: "#5b6678",
    pin: "#fb7185",
    text: "#e5e7eb",
    halo: "#111827",
  },
} as const;
export type MapTheme = keyof typeof THEMES;

// Place names around the pin: at most this many, the most populous first, none over another.
const MAX_PLACE_NAMES = 8;
const NAME_FONT_PX = 11;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Box = { x1: number; y1: number; x2: number; y2: number };
const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/**
 * The towns and cities in view as dots with their names, so a preview at a city's zoom (all
 * land in the outlines) still says where it is. A name that would cover the pin, another name
 * or the picture's edge is left out.
 */
function placeNames(
  projection: (p: [number, number]) => [number, number] | null,
  view: Bounds,
  size: { w: number; h: number },
  colours: (typeof THEMES)[MapTheme],
): string {
  const { w, h } = size;
  const taken: Box[] = [{ x1: w / 2 - 11, y1: h / 2 - 28, x2: w / 2 + 11, y2: h / 2 + 2 }];
  const drawn: string[] = [];
  for (const city of citiesWithin(view, MAX_PLACE_NAMES * 6)) {
    if (drawn.length >= MAX_PLACE_NAMES) break;
    const point = projection([city.longitude, city.latitude]);
    if (!point) continue;
    // The place under the pin is named beside the pin's head, with no dot of its own.
    const isAtPin = Math.hypot(point[0] - w / 2, point[1] - h / 2) < 8;
    const [x, y] = isAtPin ? [w / 2 + 8, h / 2 - 17] : point;
    // System fonts average a little over half their size per character.
    const width = city.name.length * NAME_FONT_PX * 0.58;
    const box = {
      x1: x - 3,
      y1: y - NAME_FONT_PX / 2 - 1,
      x2: x + 6 + width,
      y2: y + NAME_FONT_PX / 2 + 1,
    };
    if (box.x1 < 0 || box.y1 < 0 || box.x2 > w || box.y2 > h) continue;
    if (taken.some((t) => overlaps(t, box) && !(isAtPin && t === taken[0]))) continue;
    taken.push(box);
    drawn.push(
      (isAtPin
        ? ""
        : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.5" fill="${colours.text}"/>`) +
        `<text class="${isAtPin ? "at-pin" : "near"}" x="${(x + 5).toFixed(1)}" y="${y.toFixed(1)}" dominant-baseline="central">${escapeXml(city.name)}</text>`,
    );
  }
  if (drawn.length === 0) return "";
  // Shrunk to a phone's width the names would be specks: there only the pin's place is named,
  // larger. (In an image, an SVG's media queries read the size it is drawn at.)
  const phoneStyle =
    `<style>@media (max-width: ${Math.round(w * 0.9)}px) {` +
    `.near, circle { display: none } .at-pin { font-size: ${NAME_FONT_PX * 1.6}px }}</style>`;
  return (
    phoneStyle +
    `<g font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-size="${NAME_FONT_PX}" ` +
    `fill="${colours.text}" stroke="${colours.halo}" stroke-width="3" stroke-linejoin="round" paint-order="stroke">` +
    drawn.join("") +
    `</g>`
  );
}

function intersects(a: Bounds, b: Bounds): boolean {
  if (a[1] > b[3] || a[3] < b[1]) return false;
  // Compare longitudes also one world to either side, for views that cross the antimeridian.
  return [-360, 0, 360].some((shift) => a[0] + shift <= b[2] && a[2] + shift >= b[0]);
}

// Sutherland–Hodgman: a ring cut to a longitude/latitude box, in planar terms (fine for a
// view a few degrees wide). Keeps the ring's winding; an empty result drops the ring.
function cutRing(ring: Position[], box: Bounds): Position[] {
  let points = ring;
  const edges: [axis: 0 | 1, limit: number, isMin: boolean][] = [
    [0, box[0], true],
    [0, box[2], false],
    [1, box[1], true],
    [1, box[3], false],
  ];
  for (const [axis, limit, isMin] of edges) {
    if (points.length === 0) break;
    const inside = (p: Position) => (isMin ? p[axis]! >= limit : p[axis]! <= limit);
    const cross = (a: Position, b: Position): Position => {
      const t = (limit - a[axis]!) / (b[axis]! - a[axis]!);
      return [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)];
    };
    const next: Position[] = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i]!;
      const previous = points[(i + points.length - 1) % points.length]!;
      if (inside(current)) {
        if (!inside(previous)) next.push(cross(previous, current));
        next.push(current);
      } else if (inside(previous)) {
        next.push(cross(previous, current));
      }
    }
    points = next;
  }
  if (points.length < 3) return [];
  const first = points[0]!;
  const last = points.at(-1)!;
  return first[0] === last[0] && first[1] === last[1] ? points : [...points, first];
}

function cutPolygon(polygon: Polygon, box: Bounds): Polygon {
  const [outer = [], ...holes] = polygon.coordinates;
  const cutOuter = cutRing(outer, box);
  if (cutOuter.length === 0) return { type: "Polygon", coordinates: [] };
  const cutHoles = holes.map((h) => cutRing(h, box)).filter((h) => h.length > 0);
  return { type: "Polygon", coordinates: [cutOuter, ...cutHoles] };
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
  const margin = Math.max(0.5, (east - west) / 4);
  const view: Bounds =
    zoom < 4
      ? [-540, -90, 540, 90]
      : [west - margin, south - margin, east + margin, north + margin];

  const { land, borders } = loadOutlines(resolutionFor(zoom));
  // In a small view that does not cross the antimeridian, cut big polygons (Canada's coast has
  // ~100k points) to the view's box before projecting them: ~300 ms → a few ms. The box has a
  // margin, so its edges (great-circle arcs, not parallels) stay outside the picture.
  const canCut = zoom >= 7 && view[0] >= -180 && view[2] <= 180;
  const landPath = land
    .filter((s) => intersects(s.bounds, view))
    .map((s) => path(canCut ? cutPolygon(s.geometry, view) : s.geometry) ?? "")
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
    placeNames((p) => projection(p), [west, south, east, north], { w, h }, colours) +
    pin +
    `</svg>`
  );
}
