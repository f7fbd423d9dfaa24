// Contracts of the geocoder (GET /api/geocode) and the static map, shared by server and web.
import { z } from "zod";
import {
  GEOCODER_LIMIT,
  GEOCODER_MAX_LIMIT,
  STATIC_MAP_DEFAULT_HEIGHT,
  STATIC_MAP_DEFAULT_WIDTH,
  STATIC_MAP_DEFAULT_ZOOM,
  STATIC_MAP_MAX_ZOOM,
  STATIC_MAP_MIN_ZOOM,
} from "./constants";

/** The spec's geocoder types (02 §7 External). Offline, address and poi find nothing. */
export const PLACE_TYPES = ["address", "poi", "place", "locality", "region", "country"] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

export const GeocodeQuerySchema = z.object({
  q: z
    .string({ error: "Type a place name in q." })
    .trim()
    .min(1, "Type a place name in q.")
    .max(200, "A place name has at most 200 characters."),
  limit: z.coerce
    .number({ error: `limit is a whole number from 1 to ${GEOCODER_MAX_LIMIT}.` })
    .int(`limit is a whole number from 1 to ${GEOCODER_MAX_LIMIT}.`)
    .min(1, `limit is a whole number from 1 to ${GEOCODER_MAX_LIMIT}.`)
    .max(GEOCODER_MAX_LIMIT, `limit is a whole number from 1 to ${GEOCODER_MAX_LIMIT}.`)
    .default(GEOCODER_LIMIT),
  types: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const types = v.split(",").map((t) => t.trim().toLowerCase());
      const unknown = types.filter((t) => !(PLACE_TYPES as readonly string[]).includes(t));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown type ${unknown.join(", ")}. Use any of: ${PLACE_TYPES.join(", ")}.`,
        });
        return z.NEVER;
      }
      return types as PlaceType[];
    }),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

export const PlaceSchema = z.object({
  /** Stable per answer source: `city:<geonames id>`, `country:<ISO code>` or the vendor's id. */
  id: z.string(),
  type: z.enum(["place", "region", "country"]),
  /** The place's own name: "Lisbon", "Germany". */
  name: z.string(),
  /** What a person reads in the list: "Lisbon, Portugal". */
  label: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  countryCode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const GeocodeAnswerSchema = z.object({ results: z.array(PlaceSchema) });
export type GeocodeAnswer = z.infer<typeof GeocodeAnswerSchema>;

const bounded = (name: string, min: number, max: number, fallback: number, isInteger = false) => {
  const message = `${name} must be ${isInteger ? "a whole number" : "a number"} from ${min} to ${max}.`;
  let n = z.coerce.number({ error: message }).min(min, message).max(max, message);
  if (isInteger) n = n.int(message);
  return n.default(fallback);
};

export const StaticMapQuerySchema = z.object({
  lat: z.coerce
    .number({ error: "lat must be a number from -90 to 90." })
    .min(-90, "lat must be a number from -90 to 90.")
    .max(90, "lat must be a number from -90 to 90."),
  lng: z.coerce
    .number({ error: "lng must be a number from -180 to 180." })
    .min(-180, "lng must be a number from -180 to 180.")
    .max(180, "lng must be a number from -180 to 180."),
  zoom: bounded("zoom", STATIC_MAP_MIN_ZOOM, STATIC_MAP_MAX_ZOOM, STATIC_MAP_DEFAULT_ZOOM),
  w: bounded("w", 50, 1280, STATIC_MAP_DEFAULT_WIDTH, true),
  h: bounded("h", 50, 1280, STATIC_MAP_DEFAULT_HEIGHT, true),
});
export type StaticMapQuery = z.infer<typeof StaticMapQuerySchema>;

/** The address of a place's preview image (spec 02 §9 defaults: zoom 12, 400×200). */
export function staticMapUrl(options: {
  latitude: number;
  longitude: number;
  zoom?: number;
  width?: number;
  height?: number;
}): string {
  const params = new URLSearchParams({
    lat: String(options.latitude),
    lng: String(options.longitude),
    zoom: String(options.zoom ?? STATIC_MAP_DEFAULT_ZOOM),
    w: String(options.width ?? STATIC_MAP_DEFAULT_WIDTH),
    h: String(options.height ?? STATIC_MAP_DEFAULT_HEIGHT),
  });
  return `/api/map/static.svg?${params.toString()}`;
}
