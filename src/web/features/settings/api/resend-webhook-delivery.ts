import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WebhookDelivery } from "../../../../core/webhooks";
import { apiFetch } from "../../../lib/api-client";
import { webhookDeliveriesKey } from "./list-webhook-deliveries";

// Sends a delivery again: the same event, with the same id, signed anew.
export function resendWebhookDelivery(ids: {
  webhookId: string;
  deliveryId: string;
}): Promise<WebhookDelivery> {
  const path = `/api/webhooks/${encodeURIComponent(ids.webhookId)}/deliveries/${encodeURIComponent(ids.deliveryId)}/resend`;
  return apiFetch(path, { method: "POST" });
}

export function useResendWebhookDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery({ webhookId, deliveryId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(webhookId) }),
  });
}
