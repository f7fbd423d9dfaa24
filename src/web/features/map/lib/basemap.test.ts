import type { Position } from "geojson";
import { describe, expect, it } from "vitest";
import {
  continuousLongitudes,
  countriesForGlobe,
  countriesOf,
  POLE_CLIP_LAT,
  type WorldTopology,
} from "./basemap";
import world from "world-atlas/countries-110m.json";

const topology = world as unknown as WorldTopology;
const countries = countriesOf(topology);

function ringsOf(collection: typeof countries): { name: string; ring: Position[] }[] {
  return collection.features.flatMap(({ properties: { name }, geometry }) => {
    const polygons =
      geometry.type === "Polygon"
        ? [geometry.coordinates]
        : geometry.type === "MultiPolygon"
          ? geometry.coordinates
          : [];
    return polygons.flat().map((ring) => ({ name, ring }));
  });
}

/** Rings with an edge longer than half the world: drawn flat, an edge across every meridian. */
function acrossTheWorld(collection: typeof countries): string[] {
  return ringsOf(collection)
    .filter(({ ring }) => ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > 180))
    .map(({ name }) => name);
}

describe("shapes across the antimeridian", () => {
  it("run on past 180° instead of jumping back across the world", () => {
    expect(
      continuousLongitudes([
        [178, 69],
        [-180, 69],
        [-175, 66],
        [-180, 65],
        [180, 65],
        [178, 64],
        [178, 69],
      ]),
    ).toEqual([
      [178, 69],
      [180, 69],
      [185, 66],
      [180, 65],
      [180, 65],
      [178, 64],
      [178, 69],
    ]);
  });

  it("keep a ring around a pole as it is", () => {
    const aroundThePole = [
      [-180, -85],
      [0, -70],
      [180, -85],
      [-180, -85],
    ];
    expect(continuousLongitudes(aroundThePole)).toEqual(aroundThePole);
  });
});

describe("the countries on the globe", () => {
  it("have no edge across the world but Antarctica's, which the pole closes", () => {
    // world-atlas's own: Russia's Chukotka and Wrangel Island, Fiji, Antarctica.
    expect(new Set(acrossTheWorld(countries))).toEqual(new Set(["Russia", "Fiji", "Antarctica"]));
    expect(acrossTheWorld(countriesForGlobe(countries))).toEqual(["Antarctica"]);
  });

  it("stop at ±85°, where the globe's tiles end, and keep every name and vertex", () => {
    const globe = countriesForGlobe(countries);
    const latitudes = ringsOf(globe).flatMap(({ ring }) => ring.map(([, lat]) => lat!));
    expect(Math.min(...latitudes)).toBe(-POLE_CLIP_LAT);
    expect(Math.max(...latitudes)).toBeLessThanOrEqual(POLE_CLIP_LAT);
    expect(globe.features.map((f) => f.properties.name)).toEqual(
      countries.features.map((f) => f.properties.name),
    );
    expect(ringsOf(globe).map(({ ring }) => ring.length)).toEqual(
      ringsOf(countries).map(({ ring }) => ring.length),
    );
  });
});
