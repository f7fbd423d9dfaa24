// Who a CardDAV request is: HTTP Basic with the account's email and a device password, and
// phone sync's own request limit, apart from the API's (a full sync is thousands of requests).
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { createRateCounter } from "../../lib/rate-counter";
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

export type DavAccess =
  | { kind: "signed-in"; device: DeviceSignIn }
  | { kind: "unauthorized" }
  | { kind: "limited"; retryAfter: number };

export function createDavAccess(options: { db: Db; requestsPerMinute: number; now: () => Date }) {
  // Counted in the database: every server process shares one limit per account and address.
  const requests = createRateCounter(options.db, {
    name: "dav",
    max: options.requestsPerMinute,
    windowMs: WINDOW_MS,
    now: options.now,
  });
  const failures = createRateCounter(options.db, {
    name: "dav-failed-sign-in",
    max: FAILED_SIGN_INS_PER_MINUTE,
    windowMs: WINDOW_MS,
    now: options.now,
  });
  return async function checkAccess(request: FastifyRequest): Promise<DavAccess> {
    const now = options.now();
    const failureKey = `ip:${request.ip}`;
    if (await failures.isUsedUp(failureKey)) {
      return { kind: "limited", retryAfter: 60 };
    }
    const credentials = readBasicCredentials(request);
    const device = credentials ? await findDeviceSignIn(options.db, { ...credentials, now }) : null;
    if (!device) {
      if (credentials) await failures.take(failureKey);
      return { kind: "unauthorized" };
    }
    const limit = await requests.take(`user:${device.userId}`);
    if (!limit.isAllowed) return { kind: "limited", retryAfter: limit.resetSeconds };
    return { kind: "signed-in", device };
  };
}
