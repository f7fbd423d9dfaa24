// What the rest of the server may use of auth (eslint.config.js holds it to this file).
export type { Auth } from "./auth";
export { dropOversizedSessionCopies, type SessionCacheGuard } from "./session-cache";
export { SessionMemo } from "./session-memo";
export { hashPassword } from "./password-hash";
