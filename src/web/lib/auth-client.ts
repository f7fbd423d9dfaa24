// Better Auth's browser client (~10 KB gzip with its fetch layer) is loaded when an action
// needs it, not with every page: reading the session is a plain GET (readAuthSession), and
// sign-in, sign-up, sign-out and credential changes are user actions that can wait for it.
import { apiFetch } from "./api-client";
import { importWithRetry } from "./lazy";
import type { authClient } from "./auth-client-instance";

export type AuthClient = typeof authClient;

let loading: Promise<AuthClient> | undefined;

export function loadAuthClient(): Promise<AuthClient> {
  loading ??= importWithRetry(() => import("./auth-client-instance")).then(
    (m) => m.authClient,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The auth server's session (GET /api/auth/get-session): 200 with null when signed out. */
export type AuthSession = { user: { id: string; emailVerified: boolean } } | null;

export function readAuthSession(): Promise<AuthSession> {
  return apiFetch<AuthSession>("/api/auth/get-session");
}
