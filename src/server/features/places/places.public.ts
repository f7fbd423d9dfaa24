// What other features use of places: the offline gazetteer (import, backfill, the world map's
// "near Lisbon"), the geocoder that honours GEOCODER (offline or a vendor), and the time zone
// at a point.
export {
  findCountry,
  findPlace,
  searchGazetteer,
  type GazetteerQuery,
  type PlaceText,
} from "./gazetteer";
export { normalizePlaceName, warmGazetteer, type GazetteerStats } from "./gazetteer-index";
export { createGeocoder, type Geocoder } from "./geocoder";
export { lookUpTimeZone } from "./time-zone-lookup";
export { renderStaticMap, type MapTheme } from "./static-map";
export {
  backfillContactCoordinates,
  backfillContactTimeZones,
  needsCoordinates,
  withCoordinates,
  type BackfillReport,
  type PlaceFields,
} from "./place-contacts";
