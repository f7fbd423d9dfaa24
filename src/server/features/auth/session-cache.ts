// Better Auth's session cookie cache: a signed copy of the session and its user in
// a cookie that lives SESSION_CACHE_SECONDS, so most requests read no session row. A copy must not
// outlive what it copies, so its version (checked on every read) says "revoked" once this process
// has seen the session deleted — sign-out, a password change or reset, a revoked session, a
// deleted account — and moves on when the user row changes through Better Auth. The record is
// per process: another process learns of a revocation when the copy expires, at most
// SESSION_CACHE_SECONDS later (the copy also never outlives the session itself).
export const SESSION_CACHE_SECONDS = 60;

export class SessionCacheGuard {
  private readonly revoked = new Map<string, number>();
  private readonly userEpochs = new Map<string, number>();
  private nextSweep = 0;
  private revokedReads = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The session's copies in cookies stop counting (their version no longer matches). */
  revokeSession(sessionId: string): void {
    this.sweep();
    this.revoked.set(sessionId, this.now() + SESSION_CACHE_SECONDS * 1000);
  }

  /** Every copy of the user's sessions stops counting (the user row changed, or is gone). */
  forgetUser(userId: string): void {
    this.userEpochs.set(userId, (this.userEpochs.get(userId) ?? 0) + 1);
  }

  /** The cookie cache's version of a session: compared on every read of a copy. */
  version(sessionId: string, userId: string): string {
    // Never the same twice, so no copy matches — not even one written by a read racing the delete.
    if (this.revoked.has(sessionId)) return `revoked.${(this.revokedReads += 1)}`;
    return `1.${this.userEpochs.get(userId) ?? 0}`;
  }

  // A revoked session's copies are expired after SESSION_CACHE_SECONDS: forget it then.
  private sweep(): void {
    const now = this.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SESSION_CACHE_SECONDS * 1000;
    for (const [id, until] of this.revoked) if (until < now) this.revoked.delete(id);
  }
}

/** What one cookie may hold in any browser; a copy of the session must fit in one. */
export const SESSION_COOKIE_MAX_CHARS = 4096;

/**
 * The Set-Cookie lines to send, without a copy of the session too large for one cookie (Better
 * Auth splits one into up to 100 cookies): the session is read from its row instead.
 */
export function dropOversizedSessionCopies(setCookies: string[], copyName: string): string[] {
  return setCookies.filter((line) => {
    const pair = line.split(";", 1)[0] ?? "";
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    const isCopy = name === copyName || name.startsWith(`${copyName}.`);
    // Clearing a cookie is always small and always wanted.
    if (!isCopy || pair.slice(separator + 1) === "") return true;
    return name === copyName && line.length <= SESSION_COOKIE_MAX_CHARS;
  });
}
