import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PushConfig } from "../../../../core/push";
import { apiFetch } from "../../../lib/api-client";
import { PUSH_CONFIG_KEY } from "./get-push-config";

// Whether in-app notifications (alerts, announcements) also arrive as pushes.
export function updatePushSettings(input: { pushInAppNotifications: boolean }) {
  return apiFetch<PushConfig>("/api/push/settings", { method: "PATCH", body: input });
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushSettings,
    onSuccess: (config) => queryClient.setQueryData(PUSH_CONFIG_KEY, config),
  });
}
