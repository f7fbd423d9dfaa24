// What other server modules may use of push: the digest writer's lanes, the outbox transport,
// the delivery hooks' bookkeeping and in-app notifications going out as pushes.
export { listPushTargets } from "./push.service";
export { createPushTransport } from "./push-transport";
export { enqueueNotificationPushes, recordPushDelivered, recordPushFailure } from "./push-notices";
