// The reminders card's schema, loaded on the card's first focus; a module of its
// own so rolldown's runtime stays in the react chunk.
export { ReminderSettingsInputSchema } from "../../../../core/settings-schemas";
