// What other server features may use of settings (eslint.config.js holds them to this file).
export {
  enforceTextRule,
  moveTextRemindersToEmail,
  saveReminderSchedule,
  shownReminderPreferences,
} from "./settings.service";
