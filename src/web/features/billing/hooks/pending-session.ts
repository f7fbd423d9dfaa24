// The checkout session id kept across a Google sign-in round trip (spec 02 §3: "Pending OAuth
// session id"), linked by /auth/oauth-callback and then removed.
const PENDING_SESSION_KEY = "tend.oauth.pending-session-id";

export function storePendingSessionId(sessionId: string): void {
  localStorage.setItem(PENDING_SESSION_KEY, sessionId);
}

export function readPendingSessionId(): string | null {
  return localStorage.getItem(PENDING_SESSION_KEY);
}

export function clearPendingSessionId(): void {
  localStorage.removeItem(PENDING_SESSION_KEY);
}
