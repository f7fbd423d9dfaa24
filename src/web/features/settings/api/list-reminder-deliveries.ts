import { useQuery } from "@tanstack/react-query";
import type { Delivery, DeliveryLog } from "../../../../core/reminders";
import { apiFetch } from "../../../lib/api-client";

export const REMINDER_DELIVERIES_KEY = ["reminders", "deliveries"] as const;

/** A queued delivery younger than this is about to be sent: the log polls quickly for it. */
const FRESH_MS = 2 * 60_000;
const FAST_POLL_MS = 2_000;
/** Older queued ones wait for a retry with backoff: check now and then. */
const SLOW_POLL_MS = 30_000;

export function listReminderDeliveries(): Promise<DeliveryLog> {
  return apiFetch<DeliveryLog>("/api/reminders/deliveries");
}

// How soon to read the log again: quickly while a send is on its way, never when all is settled.
export function deliveryPollInterval(deliveries: readonly Delivery[], now: number): number | false {
  const queued = deliveries.filter((d) => d.status === "queued");
  if (queued.length === 0) return false;
  return queued.some((d) => now - Date.parse(d.createdAt) < FRESH_MS) ? FAST_POLL_MS : SLOW_POLL_MS;
}

export function useReminderDeliveries() {
  return useQuery({
    queryKey: REMINDER_DELIVERIES_KEY,
    queryFn: listReminderDeliveries,
    refetchInterval: (query) =>
      deliveryPollInterval(query.state.data?.deliveries ?? [], Date.now()),
  });
}
