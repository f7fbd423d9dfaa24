// The world map's pure rules (spec 02 §5 and §9): which coordinates count, where the globe
// starts, how fast it spins, which style tier a zoom needs, a contact's local time estimated
// from longitude, and travel mode's distance and radius.
import {
  MAP_MAX_SPIN_ZOOM,
  MAP_SATELLITE_ZOOM,
  MAP_SECONDS_PER_REVOLUTION,
  MAP_SLOW_SPIN_ZOOM,
  MAP_STREETS_ZOOM,
  MAP_TILE_CACHE,
  MAP_ZOOM_COUNTRY,
  MAP_ZOOM_PROFILE,
  MAP_ZOOM_TIME_ZONE,
  TRAVEL_RADIUS_MAX_KM,
  TRAVEL_RADIUS_MIN_KM,
} from "./constants";

export type LngLat = { lng: number; lat: number };

/** Spec 02 §5: valid only with latitude in -90..90 and longitude in -180..180. */
export function isValidCoordinate(
  lat: number | null | undefined,
  lng: number | null | undefined,
): boolean {
  return (
    typeof lat === "number" &&
    typeof lng === "number" &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/** The point of something with coordinates, or null when they are missing or invalid. */
export function pointOf(item: {
  latitude: number | null;
  longitude: number | null;
}): LngLat | null {
  return isValidCoordinate(item.latitude, item.longitude)
    ? { lng: item.longitude as number, lat: item.latitude as number }
    : null;
}

// ---------------------------------------------------------------- time zone display

/** Spec 02 §9: the UTC offset estimated as longitude / 15, rounded, clamped to -12..12. */
export function estimateUtcOffset(lng: number): number {
  const hours = Math.round(lng / 15);
  // -0 reads as "UTC-0"; normalise it.
  return Math.max(-12, Math.min(12, hours)) || 0;
}

export function formatUtcOffset(hours: number): string {
  if (hours === 0) return "UTC";
  return `UTC${hours > 0 ? "+" : "−"}${Math.abs(hours)}`;
}

/**
 * The estimated local time at a longitude: `wallClock` reads it in UTC (the page writes it in
 * the reader's clock), `zone` is the spec's label ("UTC+1").
 */
export function estimateLocalTime(lng: number, now: Date): { wallClock: Date; zone: string } {
  const offset = estimateUtcOffset(lng);
  return {
    wallClock: new Date(now.getTime() + offset * 3_600_000),
    zone: formatUtcOffset(offset),
  };
}

// ---------------------------------------------------------------- start position

/** The fallback centre table for the browser's time zone (11 zones, spec 02 §9). */
export const TIME_ZONE_CENTRES: Record<string, LngLat> = {
  "America/New_York": { lng: -74.006, lat: 40.7128 },
  "America/Chicago": { lng: -87.6298, lat: 41.8781 },
  "America/Denver": { lng: -104.9903, lat: 39.7392 },
  "America/Los_Angeles": { lng: -118.2437, lat: 34.0522 },
  "America/Sao_Paulo": { lng: -46.6333, lat: -23.5505 },
  "Europe/London": { lng: -0.1276, lat: 51.5072 },
  "Europe/Paris": { lng: 2.3522, lat: 48.8566 },
  "Europe/Berlin": { lng: 13.405, lat: 52.52 },
  "Asia/Kolkata": { lng: 77.209, lat: 28.6139 },
  "Asia/Tokyo": { lng: 139.6917, lat: 35.6895 },
  "Australia/Sydney": { lng: 151.2093, lat: -33.8688 },
};

/** The fallback centre table by country code (about 10 countries, spec 02 §9). */
export const COUNTRY_CENTRES: Record<string, LngLat> = {
  US: { lng: -98.5795, lat: 39.8283 },
  CA: { lng: -106.3468, lat: 56.1304 },
  BR: { lng: -51.9253, lat: -14.235 },
  GB: { lng: -3.436, lat: 55.3781 },
  FR: { lng: 2.2137, lat: 46.2276 },
  DE: { lng: 10.4515, lat: 51.1657 },
  ES: { lng: -3.7492, lat: 40.4637 },
  IT: { lng: 12.5674, lat: 41.8719 },
  IN: { lng: 78.9629, lat: 20.5937 },
  JP: { lng: 138.2529, lat: 36.2048 },
  AU: { lng: 133.7751, lat: -25.2744 },
};

/** The whole globe, when nothing says where the user is (ours; the spec is silent). */
export const WORLD_VIEW = { center: { lng: 10, lat: 25 }, zoom: 1 } as const;

export type StartPosition = {
  center: LngLat;
  zoom: number;
  source: "profile" | "time-zone" | "country" | "world";
};

/** The region of a BCP 47 locale ("en-GB" → "GB"), if it names one. */
export function regionOfLocale(locale: string | undefined): string | null {
  if (!locale) return null;
  try {
    return new Intl.Locale(locale).region?.toUpperCase() ?? null;
  } catch {
    return null;
  }
}

/**
 * Spec 02 §9: the profile location at zoom 2; else a guess from the browser's time zone at
 * zoom 3; else the country (from the browser's language region) at zoom 4; else the world.
 */
export function chooseStartPosition(input: {
  profile: { latitude: number | null; longitude: number | null } | null;
  timeZone?: string;
  locale?: string;
}): StartPosition {
  const home = input.profile ? pointOf(input.profile) : null;
  if (home) return { center: home, zoom: MAP_ZOOM_PROFILE, source: "profile" };
  const zone = input.timeZone ? TIME_ZONE_CENTRES[input.timeZone] : undefined;
  if (zone) return { center: zone, zoom: MAP_ZOOM_TIME_ZONE, source: "time-zone" };
  const region = regionOfLocale(input.locale);
  const country = region ? COUNTRY_CENTRES[region] : undefined;
  if (country) return { center: country, zoom: MAP_ZOOM_COUNTRY, source: "country" };
  return { center: { ...WORLD_VIEW.center }, zoom: WORLD_VIEW.zoom, source: "world" };
}

// ---------------------------------------------------------------- motion and styles

/**
 * Degrees of longitude to turn per second at a zoom: a revolution in 120 s up to the slow-spin
 * zoom, slowing linearly to nothing at the max spin zoom (spec 02 §9).
 */
export function spinDegreesPerSecond(zoom: number): number {
  if (zoom >= MAP_MAX_SPIN_ZOOM) return 0;
  const full = 360 / MAP_SECONDS_PER_REVOLUTION;
  if (zoom <= MAP_SLOW_SPIN_ZOOM) return full;
  return (full * (MAP_MAX_SPIN_ZOOM - zoom)) / (MAP_MAX_SPIN_ZOOM - MAP_SLOW_SPIN_ZOOM);
}

export type MapStyleTier = "base" | "streets" | "satellite";

/** Spec 02 §9: below 12 the base; 12 to below 14 streets; 14 and above satellite-streets. */
export function styleTierForZoom(zoom: number): MapStyleTier {
  if (zoom >= MAP_SATELLITE_ZOOM) return "satellite";
  if (zoom >= MAP_STREETS_ZOOM) return "streets";
  return "base";
}

export function tileCacheSizeFor(tier: MapStyleTier): number {
  return MAP_TILE_CACHE[tier];
}

// ---------------------------------------------------------------- travel mode

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine) in kilometres. */
export function distanceKm(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function clampRadiusKm(km: number): number {
  if (!Number.isFinite(km)) return TRAVEL_RADIUS_MIN_KM;
  return Math.max(TRAVEL_RADIUS_MIN_KM, Math.min(TRAVEL_RADIUS_MAX_KM, Math.round(km)));
}

/** Everyone with a valid place within `radiusKm` of `centre`, nearest first (ties by order). */
export function itemsWithin<T extends { latitude: number | null; longitude: number | null }>(
  items: readonly T[],
  centre: LngLat,
  radiusKm: number,
): { item: T; distanceKm: number }[] {
  const radius = clampRadiusKm(radiusKm);
  const found: { item: T; distanceKm: number }[] = [];
  for (const item of items) {
    const point = pointOf(item);
    if (!point) continue;
    const d = distanceKm(centre, point);
    if (d <= radius) found.push({ item, distanceKm: d });
  }
  return found.sort((x, y) => x.distanceKm - y.distanceKm);
}
