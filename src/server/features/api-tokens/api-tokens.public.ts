// What other server features may use of personal access tokens: ending them all when the
// person's sessions end (sign-out everywhere, a password change or reset).
export { revokeAllApiTokens } from "./api-tokens.service";
