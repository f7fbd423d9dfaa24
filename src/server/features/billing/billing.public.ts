// What the rest of the server may use of billing (eslint.config.js holds it to this file): the
// paid-access check the auth plugin runs before paid routes, cancelling on account deletion, and
// the onboarding subscription the test-only user route starts as the real route does.
export {
  cancelSubscriptionsForDeletion,
  hasPaidAccess,
  linkOrCreateSubscription,
} from "./billing.service";
