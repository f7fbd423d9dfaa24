import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings, ReminderSettingsValues } from "../../../../core/settings";
import { apiFetch } from "../../../lib/api-client";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { REMINDER_SETTINGS_KEY } from "./get-reminder-settings";

export function updateReminderSettings(input: ReminderSettingsValues): Promise<ReminderSettings> {
  return apiFetch<ReminderSettings>("/api/settings/reminders", { method: "PATCH", body: input });
}

export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: async (saved) => {
      const before = queryClient.getQueryData<ReminderSettings>(REMINDER_SETTINGS_KEY);
      queryClient.setQueryData(REMINDER_SETTINGS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      // A new time zone moves every contact's due day.
      if (before?.timezone !== saved.timezone)
        await queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
    },
  });
}
