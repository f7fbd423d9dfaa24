// Better Auth's answer for a cookie header it accepted from its cookie cache, kept in memory:
// checking a cookie copy costs Better Auth ~1 ms of CPU, four times a whole /healthz. The same
// header always decodes to the same copy, so its answer is handed out again while everything
// Better Auth checks on a read still holds: the copy and the session have not expired, and the
// copy's version is still the one SessionCacheGuard expects (a revoked session, a changed or
// deleted user never match).
import { LRUCache } from "lru-cache";
import type { SessionCacheGuard } from "./session-cache";

type SessionAnswer = { session: { id: string; expiresAt: Date }; user: { id: string } };

type Entry<T> = {
  answer: T;
  /** When the cookie copy itself expires (ms). */
  copyExpiresAt: number;
  sessionExpiresAt: number;
  version: string;
};

// Headers longer than this are not kept (a real one is ~1 KB).
const MAX_HEADER_LENGTH = 8192;
const MAX_ENTRIES = 10_000;

export class SessionMemo<T extends SessionAnswer> {
  private readonly entries = new LRUCache<string, Entry<T>>({ max: MAX_ENTRIES });

  constructor(
    private readonly guard: SessionCacheGuard,
    /** The name of Better Auth's session-copy cookie (`better-auth.session_data`, or __Secure-). */
    private readonly copyCookieName: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Better Auth's earlier answer for this cookie header, if every check it made still holds. */
  find(cookieHeader: string | undefined): T | undefined {
    if (!cookieHeader) return undefined;
    const entry = this.entries.get(cookieHeader);
    if (!entry) return undefined;
    const now = this.now();
    const { session, user } = entry.answer;
    if (
      entry.copyExpiresAt < now ||
      entry.sessionExpiresAt < now ||
      this.guard.version(session.id, user.id) !== entry.version
    ) {
      this.entries.delete(cookieHeader);
      return undefined;
    }
    return entry.answer;
  }

  /**
   * Keeps `answer`, which Better Auth gave for `cookieHeader` from the cookie copy (it wrote no
   * cookie back, so it neither read the session row nor refreshed anything).
   */
  remember(cookieHeader: string | undefined, answer: T): void {
    if (!cookieHeader || cookieHeader.length > MAX_HEADER_LENGTH) return;
    const copy = this.readCopy(cookieHeader);
    if (!copy || copy.sessionId !== answer.session.id) return;
    this.entries.set(cookieHeader, {
      answer,
      copyExpiresAt: copy.expiresAt,
      sessionExpiresAt: answer.session.expiresAt.getTime(),
      version: copy.version,
    });
  }

  /** Forgets every kept answer (tests; a process that changes its secret). */
  clear(): void {
    this.entries.clear();
  }

  // The copy's own expiry and version, read from the cookie Better Auth just verified. A header
  // with the cookie twice, or a copy split into chunks, is not kept (Better Auth decides those).
  private readCopy(
    cookieHeader: string,
  ): { expiresAt: number; version: string; sessionId: string } | null {
    const values = cookieHeader
      .split(";")
      .map((part) => part.trim())
      .filter((part) => part.startsWith(`${this.copyCookieName}`))
      .map((part) => part.split("="));
    if (values.length !== 1 || values[0]![0] !== this.copyCookieName) return null;
    try {
      const value = decodeURIComponent(values[0]!.slice(1).join("="));
      const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as {
        expiresAt?: unknown;
        session?: { version?: unknown; session?: { id?: unknown } };
      };
      const sessionId = parsed.session?.session?.id;
      const version = parsed.session?.version ?? "1";
      if (typeof parsed.expiresAt !== "number" || typeof sessionId !== "string") return null;
      if (typeof version !== "string") return null;
      return { expiresAt: parsed.expiresAt, version, sessionId };
    } catch {
      return null;
    }
  }
}
