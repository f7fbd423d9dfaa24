// Geocoding: the offline gazetteer by default; Mapbox's geocoding API when GEOCODER=mapbox, with
// a 3 s timeout and the gazetteer as fallback. Nothing leaves the server unless configured.
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { GEOCODER_VENDOR_TIMEOUT_MS } from "../../../core/constants";
import type { GeocodeQuery, Place } from "../../../core/places";
import type { Env } from "../../env";
import { searchGazetteer } from "./gazetteer";

export type Geocoder = { search: (query: GeocodeQuery) => Promise<Place[]> };

export function createGeocoder(options: { env: Env; log: FastifyBaseLogger }): Geocoder {
  const { env, log } = options;
  const offline = async (query: GeocodeQuery) => searchGazetteer(query);
  if (env.GEOCODER !== "mapbox" || !env.GEOCODER_KEY) return { search: offline };
  const vendor = { baseUrl: env.GEOCODER_URL, token: env.GEOCODER_KEY };
  return {
    async search(query) {
      try {
        return await searchMapbox(vendor, query);
      } catch (error) {
        log.warn({ err: error }, "geocoder vendor failed; answered from the offline gazetteer");
        return offline(query);
      }
    },
  };
}

// The parts of a Mapbox Geocoding v5 answer we read.
const MapboxAnswerSchema = z.object({
  features: z.array(
    z.object({
      id: z.string(),
      place_type: z.array(z.string()),
      text: z.string(),
      place_name: z.string(),
      center: z.tuple([z.number(), z.number()]),
      properties: z.object({ short_code: z.string().optional() }).loose().optional(),
      context: z
        .array(z.object({ id: z.string(), text: z.string(), short_code: z.string().optional() }))
        .optional(),
    }),
  ),
});

async function searchMapbox(
  vendor: { baseUrl: string; token: string },
  query: GeocodeQuery,
): Promise<Place[]> {
  const url = new URL(
    `/geocoding/v5/mapbox.places/${encodeURIComponent(query.q)}.json`,
    vendor.baseUrl,
  );
  url.searchParams.set("access_token", vendor.token);
  url.searchParams.set("autocomplete", "true");
  url.searchParams.set("limit", String(query.limit));
  if (query.types) url.searchParams.set("types", query.types.join(","));
  const response = await fetch(url, { signal: AbortSignal.timeout(GEOCODER_VENDOR_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`geocoder vendor answered ${response.status}`);
  const answer = MapboxAnswerSchema.parse(await response.json());
  return answer.features.slice(0, query.limit).map((f) => {
    const context = (kind: string) => f.context?.find((c) => c.id.startsWith(`${kind}.`));
    const kind = f.place_type[0] ?? "place";
    const countryPart = kind === "country" ? { text: f.text, ...f.properties } : context("country");
    const countryCode = countryPart?.short_code?.slice(0, 2).toUpperCase() ?? null;
    const isCity = kind === "place" || kind === "locality";
    return {
      id: `mapbox:${f.id}`,
      type: kind === "country" ? "country" : kind === "region" ? "region" : "place",
      name: f.text,
      label: f.place_name,
      city: isCity ? f.text : (context("place")?.text ?? null),
      region: kind === "region" ? f.text : (context("region")?.text ?? null),
      country: countryPart?.text ?? "",
      countryCode: countryCode && /^[A-Z]{2}$/.test(countryCode) ? countryCode : null,
      latitude: f.center[1],
      longitude: f.center[0],
    };
  });
}
