// What the rest of the server may use of reminders: one scheduler pass (the background jobs),
// the hooks that keep the delivery log and channel state in step with the outbox, and the page
// shell of links that work without signing in (a reply's undo links use it too).
export { runScheduler, type SchedulerDeps } from "./scheduler";
export { reminderDeliveryHooks } from "./delivery-hooks";
export { confirmForm, sendPage } from "./one-tap-pages";
export { sendTestReminder } from "./reminders.service";
export { applyOneTapAction } from "./one-tap-action";
export { listDeliveries } from "./reminders.service";
