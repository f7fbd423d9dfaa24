// What the rest of the server may use of billing (eslint.config.js holds it to this file): the
// paid-access check the auth plugin runs before paid routes, and cancelling on account deletion.
export { cancelSubscriptionsForDeletion, hasPaidAccess } from "./billing.service";
