import { useQuery } from "@tanstack/react-query";
import type { Webhook } from "../../../../core/webhooks";
import { apiFetch } from "../../../lib/api-client";

export const WEBHOOKS_KEY = ["webhooks"] as const;

// The person's event webhooks, without their secrets.
export function listWebhooks(): Promise<Webhook[]> {
  return apiFetch<{ items: Webhook[] }>("/api/webhooks").then((answer) => answer.items);
}

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: listWebhooks });
}
