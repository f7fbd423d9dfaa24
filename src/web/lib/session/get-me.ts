import { useQuery } from "@tanstack/react-query";
import type { Me } from "../../../core/account";
import { apiFetch, ApiRequestError } from "../api-client";
import { isPublicPath } from "../access-gating";
import { readAuthSession } from "../auth-client";
import { rememberAvatarStyle } from "../avatar-style-cache";

export const ME_QUERY_KEY = ["me"] as const;

/** GET /api/me: the signed-in user; null when signed out (401) or not yet verified (403). */
export async function fetchMe(): Promise<Me | null> {
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

/** Whether the auth server knows a verified session (it answers 200 and null when not). */
async function hasVerifiedSession(): Promise<boolean> {
  const session = await readAuthSession();
  return session?.user.emailVerified === true;
}

// The signed-in user with profile and settings; null when signed out (or not yet verified).
// On public pages most visitors are signed out: the auth server is asked first, since /api/me
// would answer them 401, which the browser logs as a console error.
export async function getMe(): Promise<Me | null> {
  if (typeof window !== "undefined" && isPublicPath(window.location.pathname)) {
    if (!(await hasVerifiedSession())) return null;
  }
  return fetchMe();
}

export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
}
