import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { logError } from "../../../lib/local-log";
import { NOTIFICATIONS_KEY } from "./notifications-key";

export function markNotificationSeen(userNotificationId: string): Promise<void> {
  return apiFetch<void>(`/api/notifications/${encodeURIComponent(userNotificationId)}/seen`, {
    method: "POST",
  });
}

// Spec 02 §8: a failure to mark a notification read is only logged, never shown.
export function useMarkNotificationSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationSeen,
    onError: (error) => logError(error, "warn"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
