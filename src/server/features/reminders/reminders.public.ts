// What the rest of the server may use of reminders: one scheduler pass (the background jobs),
// and the hooks that keep the delivery log and channel state in step with the outbox.
export { runScheduler, type SchedulerDeps } from "./scheduler";
export { reminderDeliveryHooks } from "./delivery-hooks";
