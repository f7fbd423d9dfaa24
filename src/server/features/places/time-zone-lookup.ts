// The time zone at a point, offline: geo-tz's boundaries (timezone-boundary-builder), exact at
// borders and on small islands where a coarse grid is not (American Samoa against Samoa is a
// whole day apart). Server-side only; its data stays on disk and is read a tile at a time.
import { createRequire } from "node:module";
import { canonicalTimeZone } from "../../../core/onboarding";
import { isValidCoordinate } from "../../../core/map";

type GeoTz = {
  find: (latitude: number, longitude: number) => string[];
  setCache: (options: { store: TileStore }) => void;
};
type TileStore = { get: (key: string) => unknown; set: (key: string, value: unknown) => void };

// geo-tz keeps every tile it has decoded for the life of the process unless given a store: a
// few dozen tiles cover the places one address book has, and bound the memory at a few MB.
const TILE_CACHE_SIZE = 48;

function boundedStore(size: number): TileStore {
  const tiles = new Map<string, unknown>();
  return {
    get(key) {
      const tile = tiles.get(key);
      if (tile !== undefined) {
        tiles.delete(key);
        tiles.set(key, tile);
      }
      return tile;
    },
    set(key, value) {
      tiles.set(key, value);
      if (tiles.size > size) tiles.delete(tiles.keys().next().value as string);
    },
  };
}

let geoTz: GeoTz | undefined;

// Loaded on first use: the module parses its ~1 MB index when required.
function loadGeoTz(): GeoTz {
  if (!geoTz) {
    geoTz = createRequire(import.meta.url)("geo-tz") as GeoTz;
    geoTz.setCache({ store: boundedStore(TILE_CACHE_SIZE) });
  }
  return geoTz;
}

/**
 * The IANA zone at a point, or null without valid coordinates. At sea it is the nautical zone
 * ("Etc/GMT+2"); where zones overlap (disputed land) the first one geo-tz lists.
 */
export function lookUpTimeZone(latitude: number | null, longitude: number | null): string | null {
  if (!isValidCoordinate(latitude, longitude)) return null;
  const [zone] = loadGeoTz().find(latitude as number, longitude as number);
  return zone ? canonicalTimeZone(zone) : null;
}
