import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Delivery } from "../../../../core/reminders";
import { apiFetch } from "../../../lib/api-client";
import { REMINDER_DELIVERIES_KEY } from "./list-reminder-deliveries";

// A real digest of who is due right now, marked as a test (at most 5 in 10 minutes).
export async function sendTestReminder(): Promise<Delivery> {
  const { delivery } = await apiFetch<{ delivery: Delivery }>("/api/reminders/test", {
    method: "POST",
  });
  return delivery;
}

export function useSendTestReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestReminder,
    // A retry would send a second digest.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: REMINDER_DELIVERIES_KEY }),
  });
}
