// What other server modules may use of the outbox: writing messages (in their own transaction),
// the sender that delivers them, and the hooks that tell the caller how a delivery ended.
export {
  chatRow,
  enqueue,
  LEASE_MS,
  mailRow,
  pushRow,
  smsRow,
  type FailureOutcome,
  type OutboxRow,
  type OutgoingChat,
  type OutgoingMail,
  type OutgoingPush,
  type OutgoingSms,
} from "./outbox";
export { createOutboxSender, type DeliveryHooks, type OutboxSender } from "./outbox-sender";
export { DeliveryError, type Transport } from "./transports";
