// What the rest of the server may use of onboarding (eslint.config.js holds it to this file):
// completing it, which the test-only user route does as the real route does.
export { completeOnboarding } from "./onboarding.service";
