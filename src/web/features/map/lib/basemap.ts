// The offline basemap: country shapes from the bundled world-atlas TopoJSON (served as a
// same-origin asset, loaded only by the map page), as GeoJSON with each country's name.
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-110m.json?url";

export type CountryProperties = { name: string };
export type Countries = FeatureCollection<Geometry, CountryProperties>;

/**
 * MapLibre's globe smears data beyond ±85° (the Web Mercator tiles end there): Antarctica's
 * ring, which runs down to the pole along the antimeridian, is clipped to -85°; nothing else
 * reaches that far.
 */
export const POLE_CLIP_LAT = 85;

function clipPosition(p: Position): Position {
  const lat = Math.max(-POLE_CLIP_LAT, Math.min(POLE_CLIP_LAT, p[1] ?? 0));
  return [p[0] ?? 0, lat];
}

function clipGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case "Polygon":
      return { ...geometry, coordinates: geometry.coordinates.map((r) => r.map(clipPosition)) };
    case "MultiPolygon":
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((poly) => poly.map((r) => r.map(clipPosition))),
      };
    default:
      return geometry;
  }
}

export function clipToGlobe(countries: Countries): Countries {
  return {
    type: "FeatureCollection",
    features: countries.features.map((f): Feature<Geometry, CountryProperties> => ({
      ...f,
      geometry: clipGeometry(f.geometry),
    })),
  };
}

let loading: Promise<Countries> | null = null;

/** The world's countries, fetched once per page load from our own origin. */
export function loadCountries(): Promise<Countries> {
  loading ??= fetch(countriesUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`the world outline could not be loaded (${res.status})`);
      return res.json() as Promise<Topology<{ countries: GeometryCollection<CountryProperties> }>>;
    })
    .then((topology): Countries => feature(topology, topology.objects.countries))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
