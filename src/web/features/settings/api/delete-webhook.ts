import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Webhook } from "../../../../core/webhooks";
import { apiFetch } from "../../../lib/api-client";
import { WEBHOOKS_KEY } from "./list-webhooks";

// Removes a webhook and its delivery log: nothing more is sent to it.
export function deleteWebhook(id: string): Promise<void> {
  return apiFetch<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Webhook[]>(WEBHOOKS_KEY, (hooks) =>
        hooks?.filter((hook) => hook.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
