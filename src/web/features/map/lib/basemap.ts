// The offline basemap: country shapes from the bundled world-atlas TopoJSON (served as a
// same-origin asset, loaded only by the map page), as GeoJSON with each country's name.
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-110m.json?url";

export type CountryProperties = { name: string };
export type Countries = FeatureCollection<Geometry, CountryProperties>;
export type WorldTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;

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

/**
 * A ring that crosses the antimeridian, made continuous. world-atlas jumps from 180° to -180° and
 * goes on (Chukotka, Wrangel Island, Fiji): d3 reads that as one step on the sphere, MapLibre as
 * an edge across the whole flat world, so Russia drew a band of land and two lines around the
 * North Pole at 65–69°N. Continuous, the ring runs past 180° and MapLibre's tiler wraps what is
 * past it to the other side. A ring around a pole (Antarctica) comes back a whole
 * turn off: it is already whole from -180° to 180°, and is kept as it is.
 */
export function continuousLongitudes(ring: Position[]): Position[] {
  let shift = 0;
  let previous = ring[0]?.[0] ?? 0;
  const continuous = ring.map(([lng = 0, lat = 0]) => {
    let x = lng + shift;
    if (x - previous > 180) {
      shift -= 360;
      x -= 360;
    } else if (x - previous < -180) {
      shift += 360;
      x += 360;
    }
    previous = x;
    return [x, lat];
  });
  return shift === 0 ? continuous : ring;
}

function globeRing(ring: Position[]): Position[] {
  return continuousLongitudes(ring.map(clipPosition));
}

function globeGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case "Polygon":
      return { ...geometry, coordinates: geometry.coordinates.map(globeRing) };
    case "MultiPolygon":
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(globeRing)),
      };
    default:
      return geometry;
  }
}

/** The countries as the globe draws them: clipped at the poles, whole across the antimeridian. */
export function countriesForGlobe(countries: Countries): Countries {
  return {
    type: "FeatureCollection",
    features: countries.features.map((f): Feature<Geometry, CountryProperties> => ({
      ...f,
      geometry: globeGeometry(f.geometry),
    })),
  };
}

export function countriesOf(topology: WorldTopology): Countries {
  return feature(topology, topology.objects.countries);
}

let loading: Promise<Countries> | null = null;

/** The world's countries, fetched once per page load from our own origin. */
export function loadCountries(): Promise<Countries> {
  loading ??= fetch(countriesUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`the world outline could not be loaded (${res.status})`);
      return res.json() as Promise<WorldTopology>;
    })
    .then(countriesOf)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
