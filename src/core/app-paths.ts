// The paths the web app has a screen for (src/web/app/router.tsx), so the server can answer an
// unknown path with HTTP 404 while still sending the app, which renders the spec's 404 page.
// A crawler, a link checker or a monitoring probe then sees the truth. app-paths.test.ts holds
// this list to the router's.
/**
 * /auth on its sign-up tab. The tab is in the address, not only in the navigation state, so the
 * server sends the app's shell rather than the prerendered sign-in tab and a
 * link followed before any script has run still opens it.
 */
export const AUTH_SIGNUP_PATH = "/auth?show=signup";

export const APP_PATHS = [
  "/",
  "/onboarding",
  "/notifications",
  "/map",
  "/checkout",
  "/auth",
  "/auth/oauth-callback",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/subscribe",
  "/payment-success",
  "/account-creation",
  "/privacy",
  "/terms",
  "/app",
  "/app/onboarding",
  "/app/contacts",
  "/app/contacts/new",
  "/app/contacts/duplicates",
  "/app/contacts/:id",
  "/app/rhythms",
  "/app/map",
  "/app/import",
  "/app/notifications",
  "/app/replies",
  "/app/profile",
  "/app/settings",
  "/app/debug/subscription",
] as const;

const PATTERNS = APP_PATHS.map((path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`));

export function isAppPath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
