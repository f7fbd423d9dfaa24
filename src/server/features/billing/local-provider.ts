// BILLING_PROVIDER=local: our own checkout page stands in for a hosted one. Its "provider side"
// is our database: a checkout_sessions row paid through /checkout, and the subscription it
// started. The test card is charged again each month, so a local subscription renews until
// it is set to cancel at period end.
import { randomBytes } from "node:crypto";
import { addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES } from "../../../core/billing";
import type { Db } from "../../db/client";
import { checkoutSessions, subscriptions } from "../../db/schema/index";
import type { BillingProvider, SubscriptionSnapshot } from "./billing-provider";

export const LOCAL_PROVIDER = "local";

export function newLocalId(prefix: "cs" | "sub" | "cus"): string {
  return `${prefix}_local_${randomBytes(18).toString("base64url")}`;
}

/** The first period of a subscription paid at `paidAt`. */
export function firstLocalPeriodEnd(paidAt: Date): Date {
  return addMonths(paidAt, 1);
}

/**
 * Renews a lapsed period (the test card always pays) or ends a cancelling one. A subscription
 * paid for during the trial starts its first paid month when the trial ends.
 */
export function renewLocalSubscription(sub: SubscriptionSnapshot, now: Date): SubscriptionSnapshot {
  if (!LIVE_SUBSCRIPTION_STATUSES.includes(sub.status) || !sub.currentPeriodEnd) return sub;
  if (now.getTime() <= sub.currentPeriodEnd.getTime()) return sub;
  if (sub.cancelAtPeriodEnd) return { ...sub, status: "canceled" };
  let end = sub.currentPeriodEnd;
  while (end.getTime() < now.getTime()) end = addMonths(end, 1);
  return { ...sub, status: "active", currentPeriodEnd: end };
}

/** The subscription a checkout paid at `paidAt` starts: after the trial, when one was running. */
function startLocalSubscription(
  session: { customerId: string | null; trialEndsAt: Date | null },
  input: { id: string; paidAt: Date },
): SubscriptionSnapshot {
  const trialEnd = session.trialEndsAt;
  const isTrialKept = trialEnd !== null && trialEnd.getTime() > input.paidAt.getTime();
  return {
    id: input.id,
    status: isTrialKept ? "trialing" : "active",
    customerId: session.customerId,
    priceId: null,
    currentPeriodEnd: isTrialKept ? trialEnd : firstLocalPeriodEnd(input.paidAt),
    cancelAtPeriodEnd: false,
  };
}

export function createLocalProvider(deps: { db: Db; now: () => Date }): BillingProvider {
  const { db } = deps;

  async function readSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.provider, LOCAL_PROVIDER)));
    if (row) {
      return renewLocalSubscription(
        {
          id: row.id,
          status: row.status,
          customerId: row.providerCustomerId,
          priceId: row.priceId,
          currentPeriodEnd: row.currentPeriodEnd,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        },
        deps.now(),
      );
    }
    // Paid but not linked to an account yet: the subscription exists only on the session.
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(
        and(eq(checkoutSessions.subscriptionId, id), eq(checkoutSessions.provider, LOCAL_PROVIDER)),
      );
    if (!session?.completedAt) return null;
    return renewLocalSubscription(
      startLocalSubscription(session, { id, paidAt: session.completedAt }),
      deps.now(),
    );
  }

  return {
    name: "local",
    async createCheckout({ user }) {
      const id = newLocalId("cs");
      return { id, url: `/checkout?session_id=${id}`, email: user?.email ?? null };
    },
    async readCheckoutSession(id) {
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, LOCAL_PROVIDER)));
      if (!row) return null;
      return {
        id: row.id,
        isPaid: row.completedAt !== null,
        email: row.email,
        customerId: row.customerId,
        subscriptionId: row.subscriptionId,
      };
    },
    readSubscription,
    async setCancelAtPeriodEnd(id, cancel) {
      const sub = await readSubscription(id);
      return sub && LIVE_SUBSCRIPTION_STATUSES.includes(sub.status)
        ? { ...sub, cancelAtPeriodEnd: cancel }
        : sub;
    },
    createPortalUrl: null,
  };
}
