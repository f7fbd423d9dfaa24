// What other features use of places: the offline gazetteer (import, backfill, the world map's
// "near Lisbon") and the geocoder that honours GEOCODER (offline or a vendor).
export {
  findCityInCountry,
  findCountry,
  normalizePlaceName,
  searchGazetteer,
  warmGazetteer,
  type GazetteerQuery,
  type GazetteerStats,
} from "./gazetteer";
export { createGeocoder, type Geocoder } from "./geocoder";
export { renderStaticMap, type MapTheme } from "./static-map";
