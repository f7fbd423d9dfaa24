import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderChannels } from "../../../../core/reminders";
import { apiFetch } from "../../../lib/api-client";
import { REMINDER_CHANNELS_KEY } from "./get-reminder-channels";

// Turns email reminders back on after an unsubscribe and confirms an address that bounced.
export function resumeEmailReminders(): Promise<ReminderChannels> {
  return apiFetch<ReminderChannels>("/api/reminders/email/resume", { method: "POST" });
}

export function useResumeEmailReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeEmailReminders,
    onSuccess: (channels) => queryClient.setQueryData(REMINDER_CHANNELS_KEY, channels),
  });
}
