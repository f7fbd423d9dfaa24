import { createAuthClient } from "better-auth/react";
import { phoneNumberClient } from "better-auth/client/plugins";

// Better Auth's browser client, same origin (/api/auth). Import it through loadAuthClient
// (auth-client.ts), so only the pages that sign in, out or change credentials load it.
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  plugins: [phoneNumberClient()],
});
