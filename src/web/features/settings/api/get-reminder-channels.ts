import { useQuery } from "@tanstack/react-query";
import type { ReminderChannels } from "../../../../core/reminders";
import { apiFetch } from "../../../lib/api-client";

export const REMINDER_CHANNELS_KEY = ["reminders", "channels"] as const;

// Whether email reminders are on, a bounced address, paused texts and the calendar feed URL.
export function getReminderChannels(): Promise<ReminderChannels> {
  return apiFetch<ReminderChannels>("/api/reminders/channels");
}

export function useReminderChannels() {
  return useQuery({ queryKey: REMINDER_CHANNELS_KEY, queryFn: getReminderChannels });
}
