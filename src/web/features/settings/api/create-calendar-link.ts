import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderChannels } from "../../../../core/reminders";
import { apiFetch } from "../../../lib/api-client";
import { REMINDER_CHANNELS_KEY } from "./get-reminder-channels";

// Creates the private calendar URL, or replaces it: the old one stops working at once.
export function createCalendarLink(): Promise<ReminderChannels> {
  return apiFetch<ReminderChannels>("/api/reminders/calendar", { method: "POST" });
}

export function useCreateCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarLink,
    // Never twice behind the user's back: a second call would revoke the link just shown.
    retry: false,
    onSuccess: (channels) => queryClient.setQueryData(REMINDER_CHANNELS_KEY, channels),
  });
}
