// The map's style: the offline basemap (ocean, land, borders from world-atlas), and the
// contacts layers (clusters with counts, state-coloured points) that sit on any basemap.
import type { FeatureCollection, Point } from "geojson";
import type {
  ExpressionSpecification,
  Map as MapLibreMap,
  LayerSpecification,
  SourceSpecification,
  StyleSpecification,
} from "maplibre-gl";
import type { DueState } from "../../../../core/rhythm";
import type { Countries } from "./basemap";
import type { MapPalette } from "./map-palette";

export type MapPoint = { id: string; name: string; state: DueState; lng: number; lat: number };

export const CONTACTS_SOURCE = "contacts";
export const COUNTRIES_SOURCE = "countries";
export const LAYER = {
  background: "background",
  /** Land, with the borders as its 1-pixel outline (decision 180: a line layer cost a third of each frame). */
  land: "countries-fill",
  clusters: "contact-clusters",
  clusterCount: "contact-cluster-count",
  points: "contact-points",
} as const;

export function pointsToGeoJson(
  points: readonly MapPoint[],
): FeatureCollection<Point, { id: string; state: DueState; name: string }> {
  return {
    type: "FeatureCollection",
    features: points.map((p) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [p.lng, p.lat] },
      properties: { id: p.id, state: p.state, name: p.name },
    })),
  };
}

const countOf = (state: DueState): ExpressionSpecification => [
  "+",
  ["case", ["==", ["get", "state"], state], 1, 0],
];

export function contactsSource(points: readonly MapPoint[]): SourceSpecification {
  return {
    type: "geojson",
    data: pointsToGeoJson(points),
    cluster: true,
    clusterRadius: 44,
    clusterMaxZoom: 14,
    clusterProperties: {
      overdue: countOf("overdue"),
      due_soon: countOf("due_soon"),
      on_track: countOf("on_track"),
    },
  };
}

/** A cluster takes the colour of its most urgent member, as the list sorts them. */
function clusterColor(p: MapPalette): ExpressionSpecification {
  return [
    "case",
    [">", ["get", "overdue"], 0],
    p.state.overdue,
    [">", ["get", "due_soon"], 0],
    p.state.due_soon,
    [">", ["get", "on_track"], 0],
    p.state.on_track,
    p.state.no_rhythm,
  ];
}

function pointColor(p: MapPalette): ExpressionSpecification {
  return [
    "match",
    ["get", "state"],
    "overdue",
    p.state.overdue,
    "due_soon",
    p.state.due_soon,
    "on_track",
    p.state.on_track,
    p.state.no_rhythm,
  ];
}

export function contactLayers(p: MapPalette): LayerSpecification[] {
  return [
    {
      id: LAYER.clusters,
      type: "circle",
      source: CONTACTS_SOURCE,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": clusterColor(p),
        "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 100, 24, 1000, 30],
        "circle-stroke-width": 2,
        "circle-stroke-color": p.halo,
      },
    },
    {
      id: LAYER.clusterCount,
      type: "symbol",
      source: CONTACTS_SOURCE,
      filter: ["has", "point_count"],
      // No `glyphs` in the style: MapLibre draws the digits with a local font, fetching nothing.
      // Each count sits on its own circle, so no collision placement is needed (decision 180).
      layout: {
        "text-field": ["get", "point_count_abbreviated"],
        "text-size": 12,
        "text-allow-overlap": true,
        "text-ignore-placement": true,
      },
      paint: { "text-color": p.halo },
    },
    {
      id: LAYER.points,
      type: "circle",
      source: CONTACTS_SOURCE,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-color": pointColor(p),
        "circle-radius": 8,
        "circle-stroke-width": 2,
        "circle-stroke-color": p.halo,
      },
    },
  ];
}

export function basemapLayers(p: MapPalette): LayerSpecification[] {
  return [
    { id: LAYER.background, type: "background", paint: { "background-color": p.ocean } },
    {
      id: LAYER.land,
      type: "fill",
      source: COUNTRIES_SOURCE,
      paint: { "fill-color": p.land, "fill-outline-color": p.border },
    },
  ];
}

/**
 * The world outline as a source: 1:110m shapes hold no detail past zoom 5 (deeper tiles are cut
 * from zoom 5's), simplified a little more than the default, with a small tile buffer
 * (decision 180: fewer vertices for the worker to cut and for software WebGL to draw).
 */
function countriesSource(countries: Countries): SourceSpecification {
  return { type: "geojson", data: countries, maxzoom: 5, tolerance: 1, buffer: 32 };
}

/** The whole offline style: no glyphs, no sprite, no tiles; nothing leaves the origin. */
export function offlineStyle(
  p: MapPalette,
  countries: Countries,
  points: readonly MapPoint[],
): StyleSpecification {
  return {
    version: 8,
    projection: { type: "globe" },
    sources: {
      [COUNTRIES_SOURCE]: countriesSource(countries),
      [CONTACTS_SOURCE]: contactsSource(points),
    },
    layers: [...basemapLayers(p), ...contactLayers(p)],
  };
}

/** Re-colours a loaded map for a theme without rebuilding it. */
export function applyPalette(map: MapLibreMap, p: MapPalette): void {
  const paint = (
    layer: string,
    name: Parameters<MapLibreMap["setPaintProperty"]>[1],
    value: string | ExpressionSpecification,
  ) => {
    if (map.getLayer(layer)) map.setPaintProperty(layer, name, value);
  };
  paint(LAYER.background, "background-color", p.ocean);
  paint(LAYER.land, "fill-color", p.land);
  paint(LAYER.land, "fill-outline-color", p.border);
  paint(LAYER.clusters, "circle-color", clusterColor(p));
  paint(LAYER.clusters, "circle-stroke-color", p.halo);
  paint(LAYER.clusterCount, "text-color", p.halo);
  paint(LAYER.points, "circle-color", pointColor(p));
  paint(LAYER.points, "circle-stroke-color", p.halo);
}
