import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { logError } from "../../../lib/local-log";
import { NOTIFICATIONS_KEY } from "./notifications-key";

export function markAllNotificationsSeen(): Promise<void> {
  return apiFetch<void>("/api/notifications/mark-all-seen", { method: "POST" });
}

// Spec 02 §8: a failure to mark notifications read is only logged, never shown.
export function useMarkAllNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsSeen,
    onError: (error) => logError(error, "warn"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
