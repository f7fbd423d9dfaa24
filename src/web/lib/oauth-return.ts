// What a Google sign-in leaves in this browser for its return (spec 01 §7): the page to show
// after signing in and an in-progress flag. Written when the sign-in starts; read and cleared by
// /auth/oauth-callback on every outcome.
const OAUTH_REDIRECT_KEY = "tend.oauth.redirect";
const OAUTH_IN_PROGRESS_KEY = "tend.oauth.in-progress";

export function rememberOAuthStart(redirectTo: string): void {
  localStorage.setItem(OAUTH_REDIRECT_KEY, redirectTo);
  localStorage.setItem(OAUTH_IN_PROGRESS_KEY, "1");
}

export function forgetOAuthStart(): void {
  localStorage.removeItem(OAUTH_REDIRECT_KEY);
  localStorage.removeItem(OAUTH_IN_PROGRESS_KEY);
}

/**
 * The stored post-login page if a sign-in is in progress and the page is inside the app (never
 * another origin, never a path that only shows onboarding again); otherwise null.
 */
export function readOAuthReturn(): string | null {
  if (localStorage.getItem(OAUTH_IN_PROGRESS_KEY) !== "1") return null;
  const target = localStorage.getItem(OAUTH_REDIRECT_KEY);
  if (!target || !target.startsWith("/app/") || target.startsWith("//")) return null;
  if (target.startsWith("/app/onboarding")) return null;
  return target;
}
