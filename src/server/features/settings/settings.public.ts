// What other server features may use of settings (eslint.config.js holds them to this file).
export {
  enforceTextRule,
  getReminderSettings,
  moveTextRemindersToEmail,
  saveReminderSchedule,
  shownReminderPreferences,
  updateReminderSettings,
} from "./settings.service";
