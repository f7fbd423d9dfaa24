import { useQuery } from "@tanstack/react-query";
import type { ReminderSettings } from "../../../../core/settings";
import { apiFetch } from "../../../lib/api-client";

export const REMINDER_SETTINGS_KEY = ["settings", "reminders"] as const;

export function getReminderSettings(): Promise<ReminderSettings> {
  return apiFetch<ReminderSettings>("/api/settings/reminders");
}

export function useReminderSettings() {
  return useQuery({ queryKey: REMINDER_SETTINGS_KEY, queryFn: getReminderSettings });
}
