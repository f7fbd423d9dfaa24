// The browser's calls to the geocoder: place suggestions and the country rule of spec 02 §5.
import { GEOCODER_LIMIT } from "../../core/constants";
import type { GeocodeAnswer, Place, PlaceType } from "../../core/places";
import { apiFetch } from "./api-client";

export type SearchPlacesOptions = {
  q: string;
  limit?: number;
  types?: readonly PlaceType[];
  signal?: AbortSignal;
};

export async function searchPlaces(options: SearchPlacesOptions): Promise<Place[]> {
  const params = new URLSearchParams({
    q: options.q,
    limit: String(options.limit ?? GEOCODER_LIMIT),
  });
  if (options.types?.length) params.set("types", options.types.join(","));
  const answer = await apiFetch<GeocodeAnswer>(`/api/geocode?${params.toString()}`, {
    signal: options.signal,
  });
  return answer.results;
}

/** The country this text names ("Deutschland", "usa", "Portugal"), or null. */
export async function findCountryByName(name: string, signal?: AbortSignal): Promise<Place | null> {
  const params = new URLSearchParams({ name });
  const answer = await apiFetch<{ country: Place | null }>(
    `/api/geocode/country?${params.toString()}`,
    { signal },
  );
  return answer.country;
}
