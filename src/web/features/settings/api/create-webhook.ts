import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WebhookCreate } from "../../../../core/webhooks";
import { apiFetch } from "../../../lib/api-client";
import { WEBHOOKS_KEY } from "./list-webhooks";

// Adds a webhook; the answer holds its signing secret, which is never shown again.
export function createWebhook(input: WebhookCreate): Promise<{ id: string; secret: string }> {
  return apiFetch("/api/webhooks", { method: "POST", body: input });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    // A second try after a lost answer would add a second webhook whose secret no one saw.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
