import type { Db } from "../../db/client";
import { authEvents } from "../../db/schema/index";

export const AUTH_EVENT_TYPES = [
  "SIGNED_UP",
  "SIGNED_IN",
  "SIGNED_OUT",
  "EMAIL_VERIFIED",
  "PASSWORD_RESET",
] as const;
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

// Append-only: there is no update or delete of auth events anywhere.
export async function recordAuthEvent(
  db: Db,
  event: {
    userId: string | null;
    eventType: AuthEventType;
    ipAddress?: string;
    userAgent?: string;
    metadata?: unknown;
  },
): Promise<void> {
  await db.insert(authEvents).values({
    userId: event.userId,
    eventType: event.eventType,
    ipAddress: event.ipAddress ?? null,
    userAgent: event.userAgent ?? null,
    metadata: event.metadata ?? null,
  });
}
