// Picks the provider named by BILLING_PROVIDER. "off" (self-hosting) sells nothing: every
// verified user is active, so it has no checkout and no subscriptions of its own.
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import type { BillingProvider } from "./billing-provider";
import { createLocalProvider } from "./local-provider";
import { createStripeProvider } from "./stripe-provider";

function createOffProvider(): BillingProvider {
  return {
    name: "off",
    async createCheckout() {
      throw new AppError(
        "BAD_REQUEST",
        "Billing is turned off on this server: every account already has full access.",
      );
    },
    readCheckoutSession: async () => null,
    readSubscription: async () => null,
    setCancelAtPeriodEnd: async () => null,
    createPortalUrl: null,
  };
}

export function createBillingProvider(deps: {
  env: Env;
  db: Db;
  now: () => Date;
}): BillingProvider {
  switch (deps.env.BILLING_PROVIDER) {
    case "stripe":
      return createStripeProvider(deps.env, undefined, deps.now);
    case "off":
      return createOffProvider();
    default:
      return createLocalProvider(deps);
  }
}
