// The one way subscriptions and billing_status are written, whichever provider reported the
// subscription: upsert the subscription, then derive billing_status from the user's
// subscriptions (pickEffectiveSubscription), changing the row only when something changed.
import { and, eq, lt, ne, sql } from "drizzle-orm";
import {
  LIVE_SUBSCRIPTION_STATUSES,
  pickEffectiveSubscription,
  TRIAL_PROVIDER,
} from "../../../core/billing";
import type { BillingProviderName } from "../../../core/billing";
import { DAY_MS } from "../../../core/constants";
import type { Db, Tx } from "../../db/client";
import { billingStatus, subscriptions } from "../../db/schema/index";
import type { SubscriptionSnapshot } from "./billing-provider";
import { claimPayments, localCharges, recordLocalCharges } from "./payments";

export const OFF_PROVIDER = "off";

type Writer = Db | Tx;

export function trialSubscriptionId(userId: string): string {
  return `trial_${userId}`;
}

/** What storing a subscription changed that the user is told about by mail. */
export type AppliedChange = {
  /** It was running (or waiting for the trial) and is now set to end: access ends then. */
  cancelled: { accessEndsAt: Date; isBeforeStart: boolean } | null;
};

function cancellationOf(
  previous: { status: string; cancelAtPeriodEnd: boolean } | undefined,
  snapshot: SubscriptionSnapshot,
  now: Date,
): AppliedChange["cancelled"] {
  const wasLive =
    previous && LIVE_SUBSCRIPTION_STATUSES.includes(previous.status) && !previous.cancelAtPeriodEnd;
  if (!wasLive) return null;
  if (snapshot.status === "canceled") return { accessEndsAt: now, isBeforeStart: false };
  if (!snapshot.cancelAtPeriodEnd || !snapshot.currentPeriodEnd) return null;
  return {
    accessEndsAt: snapshot.currentPeriodEnd,
    isBeforeStart: snapshot.status === "trialing",
  };
}

export async function applySubscription(
  tx: Tx,
  input: {
    userId: string;
    snapshot: SubscriptionSnapshot;
    provider: string;
    checkoutSessionId?: string | null;
    now: Date;
    currentProvider: BillingProviderName;
  },
): Promise<AppliedChange> {
  const { userId, snapshot, now } = input;
  const [previous] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, snapshot.id), eq(subscriptions.userId, userId)))
    .for("update");
  const values = {
    status: snapshot.status,
    providerCustomerId: snapshot.customerId,
    priceId: snapshot.priceId,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    updatedAt: now,
  };
  await tx
    .insert(subscriptions)
    .values({
      id: snapshot.id,
      userId,
      provider: input.provider,
      checkoutSessionId: input.checkoutSessionId ?? null,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: {
        ...values,
        checkoutSessionId: sql`coalesce(${subscriptions.checkoutSessionId}, excluded.checkout_session_id)`,
      },
      // A subscription never changes hands.
      setWhere: eq(subscriptions.userId, userId),
    });
  if (input.provider !== TRIAL_PROVIDER) {
    await claimPayments(tx, { userId, subscriptionId: snapshot.id });
    if (input.provider === "local") {
      await recordLocalCharges(tx, {
        userId,
        subscriptionId: snapshot.id,
        charges: localCharges(previous ?? null, snapshot),
      });
    }
  }
  if (
    snapshot.status === "trialing" &&
    input.provider !== TRIAL_PROVIDER &&
    snapshot.currentPeriodEnd
  ) {
    // Paid for during the trial: the trial lasts until the paid plan starts, where the
    // provider's first charge had to be a little later than the trial's end.
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd: snapshot.currentPeriodEnd, updatedAt: now })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, TRIAL_PROVIDER),
          eq(subscriptions.status, "active"),
          lt(subscriptions.currentPeriodEnd, snapshot.currentPeriodEnd),
        ),
      );
  }
  if (snapshot.status === "active" && input.provider !== TRIAL_PROVIDER) {
    // A paid subscription replaces the trial for good.
    await tx
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: now })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, TRIAL_PROVIDER),
          eq(subscriptions.status, "active"),
        ),
      );
  }
  await recomputeBillingStatus(tx, { userId, now, currentProvider: input.currentProvider });
  return { cancelled: cancellationOf(previous, snapshot, now) };
}

export async function recomputeBillingStatus(
  tx: Writer,
  input: { userId: string; now: Date; currentProvider: BillingProviderName },
): Promise<void> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, input.userId));
  // Rows made while billing was off count only while it is still off.
  const candidates = rows
    .filter((r) => r.provider !== OFF_PROVIDER || input.currentProvider === "off")
    .map((r) => ({ ...r, isTrial: r.provider === TRIAL_PROVIDER }));
  const best = pickEffectiveSubscription(candidates, input.now);
  if (!best) {
    await tx.delete(billingStatus).where(eq(billingStatus.userId, input.userId));
    return;
  }
  const values = {
    subscriptionStatus: best.status,
    currentPeriodEnd: best.currentPeriodEnd,
    cancelAtPeriodEnd: best.cancelAtPeriodEnd,
    provider: best.provider,
    isTrial: best.isTrial,
  };
  await tx
    .insert(billingStatus)
    .values({ userId: input.userId, ...values, updatedAt: input.now })
    .onConflictDoUpdate({
      target: billingStatus.userId,
      set: {
        subscriptionStatus: sql`excluded.subscription_status`,
        currentPeriodEnd: sql`excluded.current_period_end`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        provider: sql`excluded.provider`,
        isTrial: sql`excluded.is_trial`,
        updatedAt: sql`excluded.updated_at`,
      },
      // updated_at moves only when the status really changed.
      setWhere: sql`(${billingStatus.subscriptionStatus}, ${billingStatus.currentPeriodEnd}, ${billingStatus.cancelAtPeriodEnd}, ${billingStatus.provider}, ${billingStatus.isTrial})
        is distinct from (excluded.subscription_status, excluded.current_period_end, excluded.cancel_at_period_end, excluded.provider, excluded.is_trial)`,
    });
}

export async function hasAnySubscription(db: Writer, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.provider, OFF_PROVIDER)))
    .limit(1);
  return Boolean(row);
}

/** The trial, once per user: `trial` when granted now, `existing` when there was one. */
export async function grantTrial(
  db: Db,
  input: { userId: string; trialDays: number; now: Date; currentProvider: BillingProviderName },
): Promise<"trial" | "existing" | "none"> {
  if (await hasAnySubscription(db, input.userId)) return "existing";
  if (input.trialDays <= 0) return "none";
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(subscriptions)
      .values({
        id: trialSubscriptionId(input.userId),
        userId: input.userId,
        status: "active",
        provider: TRIAL_PROVIDER,
        currentPeriodEnd: new Date(input.now.getTime() + input.trialDays * DAY_MS),
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    await recomputeBillingStatus(tx, input);
    return inserted.length > 0 ? "trial" : "existing";
  });
}

/** BILLING_PROVIDER=off: the user is active, recorded the same way as any subscription. */
export async function ensureOffAccess(db: Db, input: { userId: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(subscriptions)
      .values({
        id: `off_${input.userId}`,
        userId: input.userId,
        status: "active",
        provider: OFF_PROVIDER,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: {
          status: "active",
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          updatedAt: input.now,
        },
        setWhere: sql`${subscriptions.status} <> 'active'`,
      });
    await recomputeBillingStatus(tx, { ...input, currentProvider: "off" });
  });
}
