// Sends Google sign-in to another origin for its consent page and token exchange
// (GOOGLE_OAUTH_URL; tests point it at a local stand-in): Better Auth's Google provider names
// Google's hosts itself and takes no option for them.
import type { BetterAuthPlugin } from "better-auth";
import { validateAuthorizationCode } from "better-auth/oauth2";

export function googleEndpoints(origin: string): BetterAuthPlugin {
  return {
    id: "google-endpoints",
    init(ctx) {
      const google = ctx.socialProviders.find((provider) => provider.id === "google");
      if (!google) return;
      const createAuthorizationURL = google.createAuthorizationURL.bind(google);
      google.createAuthorizationURL = async (input) => {
        const url = await createAuthorizationURL(input);
        return new URL(`${url.pathname}${url.search}`, origin);
      };
      google.validateAuthorizationCode = ({ code, codeVerifier, redirectURI }) =>
        validateAuthorizationCode({
          code,
          codeVerifier,
          redirectURI,
          options: google.options ?? {},
          tokenEndpoint: new URL("/token", origin).toString(),
        });
    },
  };
}
