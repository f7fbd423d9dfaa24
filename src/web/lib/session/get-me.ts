import { useQuery } from "@tanstack/react-query";
import type { Me } from "../../../core/account";
import { apiFetch, ApiRequestError } from "../api-client";
import { rememberAvatarStyle } from "../avatar-style-cache";

export const ME_QUERY_KEY = ["me"] as const;

// The signed-in user with profile and settings; null when signed out (or not yet verified).
export async function getMe(): Promise<Me | null> {
  try {
    const me = await apiFetch<Me>("/api/me");
    rememberAvatarStyle(me.profile.dicebearStyle);
    return me;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
      return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
}
