import { useQuery } from "@tanstack/react-query";
import type { WebhookDelivery } from "../../../../core/webhooks";
import { apiFetch } from "../../../lib/api-client";

export function webhookDeliveriesKey(webhookId: string) {
  return ["webhooks", webhookId, "deliveries"] as const;
}

// A webhook's latest deliveries, newest first.
export function listWebhookDeliveries(webhookId: string): Promise<WebhookDelivery[]> {
  return apiFetch<{ items: WebhookDelivery[] }>(
    `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries`,
  ).then((answer) => answer.items);
}

export function useWebhookDeliveries(webhookId: string, isOpen: boolean) {
  return useQuery({
    queryKey: webhookDeliveriesKey(webhookId),
    queryFn: () => listWebhookDeliveries(webhookId),
    enabled: isOpen,
    // A delivery waiting for its send or a retry changes on its own.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === "pending") ? 3000 : false,
  });
}
