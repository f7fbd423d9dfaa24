// Who a CardDAV request is: HTTP Basic with the account's email and a device password, and
// phone sync's own request limit, apart from the API's (a full sync is thousands of requests).
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { findDeviceSignIn, type DeviceSignIn } from "./device-passwords";

/** Failed sign-ins allowed per client address a minute: enough for a typo, not for guessing. */
const FAILED_SIGN_INS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

export function readBasicCredentials(
  request: FastifyRequest,
): { username: string; password: string } | null {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A fixed one-minute window per key, kept in this process. */
export class RequestWindow {
  private readonly counts = new Map<string, { start: number; n: number }>();
  constructor(private readonly max: number) {}

  /** Seconds until the key may ask again, or 0 when this request is within the limit. */
  take(key: string, now: number): number {
    const entry = this.counts.get(key);
    if (!entry || now - entry.start >= WINDOW_MS) {
      if (this.counts.size > 10_000) this.forgetOld(now);
      this.counts.set(key, { start: now, n: 1 });
      return 0;
    }
    entry.n += 1;
    if (entry.n <= this.max) return 0;
    return Math.max(1, Math.ceil((entry.start + WINDOW_MS - now) / 1000));
  }

  isOver(key: string, now: number): boolean {
    const entry = this.counts.get(key);
    return Boolean(entry && now - entry.start < WINDOW_MS && entry.n >= this.max);
  }

  private forgetOld(now: number) {
    for (const [key, entry] of this.counts)
      if (now - entry.start >= WINDOW_MS) this.counts.delete(key);
  }
}

export type DavAccess =
  | { kind: "signed-in"; device: DeviceSignIn }
  | { kind: "unauthorized" }
  | { kind: "limited"; retryAfter: number };

export function createDavAccess(options: { db: Db; requestsPerMinute: number; now: () => Date }) {
  const requests = new RequestWindow(options.requestsPerMinute);
  const failures = new RequestWindow(FAILED_SIGN_INS_PER_MINUTE);
  return async function checkAccess(request: FastifyRequest): Promise<DavAccess> {
    const now = options.now();
    const failureKey = `ip:${request.ip}`;
    if (failures.isOver(failureKey, now.getTime())) {
      return { kind: "limited", retryAfter: 60 };
    }
    const credentials = readBasicCredentials(request);
    const device = credentials ? await findDeviceSignIn(options.db, { ...credentials, now }) : null;
    if (!device) {
      if (credentials) failures.take(failureKey, now.getTime());
      return { kind: "unauthorized" };
    }
    const retryAfter = requests.take(`user:${device.userId}`, now.getTime());
    if (retryAfter > 0) return { kind: "limited", retryAfter };
    return { kind: "signed-in", device };
  };
}
