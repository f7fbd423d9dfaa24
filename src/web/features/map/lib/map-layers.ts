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
import { DUE_STATES, type DueState } from "../../../../core/rhythm";
import type { Countries } from "./basemap";
import type { MapPalette } from "./map-palette";

/** A marker: one contact, or the people of a household who share a place (`people` of them). */
export type MapPoint = {
  id: string;
  name: string;
  state: DueState;
  lng: number;
  lat: number;
  people: number;
};

export const CONTACTS_SOURCE = "contacts";
export const COUNTRIES_SOURCE = "countries";
export const LAYER = {
  background: "background",
  /** Land, with the borders as its 1-pixel outline. */
  land: "countries-fill",
  /** Clusters and single contacts in one circle layer; a feature with `point_count` is a cluster. */
  markers: "contact-markers",
  /** How many people a cluster or a household's marker holds. */
  clusterCount: "contact-cluster-count",
} as const;

/** How urgent a state is, most urgent highest (overdue 3 … no rhythm 0): a cluster keeps its highest. */
export function urgencyOf(state: DueState): number {
  return DUE_STATES.length - 1 - DUE_STATES.indexOf(state);
}

export function pointsToGeoJson(
  points: readonly MapPoint[],
): FeatureCollection<
  Point,
  { id: string; state: DueState; name: string; urgency: number; people: number }
> {
  return {
    type: "FeatureCollection",
    features: points.map((p) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [p.lng, p.lat] },
      properties: {
        id: p.id,
        state: p.state,
        name: p.name,
        urgency: urgencyOf(p.state),
        people: p.people,
      },
    })),
  };
}

export function contactsSource(points: readonly MapPoint[]): SourceSpecification {
  return {
    type: "geojson",
    data: pointsToGeoJson(points),
    cluster: true,
    clusterRadius: 44,
    clusterMaxZoom: 14,
    // A cluster counts people: a household's marker inside it counts everyone at it.
    clusterProperties: { urgency: ["max", ["get", "urgency"]], people: ["+", ["get", "people"]] },
  };
}

const isCluster: ExpressionSpecification = ["has", "point_count"];
const isGroup: ExpressionSpecification = ["any", isCluster, [">", ["get", "people"], 1]];
const PEOPLE: ExpressionSpecification = ["get", "people"];
/** The count as MapLibre abbreviates `point_count` ("1.2k"). */
const peopleAbbreviated: ExpressionSpecification = [
  "case",
  [">=", PEOPLE, 1000],
  ["concat", ["to-string", ["/", ["round", ["/", PEOPLE, 100]], 10]], "k"],
  ["to-string", PEOPLE],
];

/**
 * A contact in its state's colour; a cluster in the colour of its most urgent member, as the
 * list sorts them.
 */
function markerColor(p: MapPalette): ExpressionSpecification {
  return [
    "match",
    ["get", "urgency"],
    urgencyOf("overdue"),
    p.state.overdue,
    urgencyOf("due_soon"),
    p.state.due_soon,
    urgencyOf("on_track"),
    p.state.on_track,
    p.state.no_rhythm,
  ];
}

export function contactLayers(p: MapPalette): LayerSpecification[] {
  return [
    {
      id: LAYER.markers,
      type: "circle",
      source: CONTACTS_SOURCE,
      paint: {
        "circle-color": markerColor(p),
        "circle-radius": [
          "case",
          isCluster,
          ["step", PEOPLE, 14, 10, 18, 100, 24, 1000, 30],
          [">", PEOPLE, 1],
          12,
          8,
        ],
        // A household's marker (opens its card) is ringed apart from a cluster (zooms in).
        "circle-stroke-width": ["case", isCluster, 2, [">", PEOPLE, 1], 4, 2],
        "circle-stroke-color": p.halo,
      },
    },
    {
      id: LAYER.clusterCount,
      type: "symbol",
      source: CONTACTS_SOURCE,
      filter: isGroup,
      // No `glyphs` in the style: MapLibre draws the digits with a local font, fetching nothing.
      // Each count sits on its own circle, so no collision placement is needed.
      layout: {
        "text-field": peopleAbbreviated,
        "text-size": 12,
        "text-allow-overlap": true,
        "text-ignore-placement": true,
      },
      paint: { "text-color": p.halo },
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

/** The world outline: 1:110m shapes hold no detail past zoom 5, so deeper tiles reuse zoom 5's. */
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
  paint(LAYER.markers, "circle-color", markerColor(p));
  paint(LAYER.markers, "circle-stroke-color", p.halo);
  paint(LAYER.clusterCount, "text-color", p.halo);
}
