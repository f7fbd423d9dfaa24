import { useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../core/profile";
import { apiFetch } from "../../../lib/api-client";

export const PROFILE_QUERY_KEY = ["profile"] as const;

/** The profile; the server creates a missing one (spec 02 §4). */
export function getProfile(): Promise<Profile> {
  return apiFetch<Profile>("/api/profile");
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });
}
