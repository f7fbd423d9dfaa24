// Billing operations behind the routes: checkout, linking a paid session, link-or-create after
// verification, the status read, cancel/resume and the portal, and the paid-access check.
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import {
  FINISH_ACCOUNT_LINK_DAYS,
  LIVE_SUBSCRIPTION_STATUSES,
  TRIAL_PROVIDER,
  type BillingStatusResponse,
  type CheckoutSummary,
  type LinkResponse,
} from "../../../core/billing";
import { DAY_MS } from "../../../core/constants";
import { computeSubscriptionStatus } from "../../../core/subscription";
import { billingStatus, checkoutSessions, subscriptions, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { BillingContext } from "./billing-context";
import { fulfilCheckoutSession, invalidSession, sendChangeMail } from "./fulfilment";
import {
  applySubscription,
  ensureOffAccess,
  grantTrial,
  OFF_PROVIDER,
  recomputeBillingStatus,
} from "./subscription-store";

async function selectBillingRow(ctx: BillingContext, userId: string) {
  const [row] = await ctx.db.select().from(billingStatus).where(eq(billingStatus.userId, userId));
  return row ?? null;
}

// The user's billing_status as the current provider sees it. A row written while
// BILLING_PROVIDER=off counts only while billing is off: once billing is on, the
// row is derived again from the user's other subscriptions (a trial, a payment, or nothing).
async function readBillingRow(
  ctx: BillingContext,
  userId: string,
  known?: Awaited<ReturnType<typeof selectBillingRow>>,
) {
  const row = known !== undefined ? known : await selectBillingRow(ctx, userId);
  if (!row || row.provider !== OFF_PROVIDER || ctx.provider.name === "off") return row;
  await ctx.db.transaction((tx) =>
    recomputeBillingStatus(tx, { userId, now: ctx.now(), currentProvider: ctx.provider.name }),
  );
  return selectBillingRow(ctx, userId);
}

/**
 * The user's paid subscriptions with the current provider that are running or waiting for the
 * trial to end, the latest-ending first.
 */
function activePaidSubscriptions(ctx: BillingContext, userId: string) {
  return ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, ctx.provider.name),
        inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
      ),
    )
    .orderBy(desc(subscriptions.currentPeriodEnd));
}

/** When the user's trial ends, while it is still running; null otherwise. */
async function findRunningTrialEnd(
  ctx: BillingContext,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const [trial] = await ctx.db
    .select({ end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, TRIAL_PROVIDER),
        eq(subscriptions.status, "active"),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  return trial?.end ?? null;
}

async function findPaidSubscription(ctx: BillingContext, userId: string) {
  const [row] = await activePaidSubscriptions(ctx, userId).limit(1);
  return row ?? null;
}

export async function startCheckout(
  ctx: BillingContext,
  user: { id: string; email: string } | null,
): Promise<{ url: string }> {
  const now = ctx.now();
  if (ctx.provider.name === "off")
    return ctx.provider.createCheckout({ user: null, idempotencyKey: "", trialEnd: null });
  let customerId: string | null = null;
  let trialEnd: Date | null = null;
  if (user) {
    const row = await readBillingRow(ctx, user.id);
    const isPaidAndActive =
      row && !row.isTrial && computeSubscriptionStatus(row, now).status === "active";
    if (isPaidAndActive && row.provider === ctx.provider.name) {
      throw new AppError(
        "CONFLICT",
        "You already have an active subscription. You can manage it in Settings.",
      );
    }
    const [waiting] = await activePaidSubscriptions(ctx, user.id);
    if (waiting?.status === "trialing") {
      throw new AppError(
        "CONFLICT",
        "You have already subscribed: your plan starts when your trial ends. You can manage it in Settings.",
      );
    }
    trialEnd = await findRunningTrialEnd(ctx, user.id, now);
    const [previous] = await ctx.db
      .select({ customerId: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, user.id),
          eq(subscriptions.provider, ctx.provider.name),
          isNotNull(subscriptions.providerCustomerId),
        ),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    customerId = previous?.customerId ?? null;
  }
  // A signed-in user's repeated clicks within a minute get the same session.
  const idempotencyKey = user
    ? `checkout-${user.id}-${Math.floor(now.getTime() / 60_000)}`
    : `checkout-${randomUUID()}`;
  const created = await ctx.provider.createCheckout({
    user: user ? { ...user, customerId } : null,
    idempotencyKey,
    trialEnd,
  });
  await ctx.db
    .insert(checkoutSessions)
    .values({
      id: created.id,
      provider: ctx.provider.name,
      status: "open",
      email: created.email,
      userId: user?.id ?? null,
      trialEndsAt: trialEnd,
      createdAt: now,
    })
    .onConflictDoNothing();
  return { url: created.url };
}

export async function linkCheckoutSession(
  ctx: BillingContext,
  input: { userId: string; sessionId: string },
): Promise<LinkResponse> {
  const result = await fulfilCheckoutSession(ctx, input);
  if (result.state === "fulfilled")
    return { outcome: "linked", subscriptionStatus: result.subscriptionStatus };
  return { outcome: "pending", subscriptionStatus: null };
}

// Spec 01 §4: verification of a sign-up links the paid subscription when a checkout session id
// exists, otherwise creates the onboarding subscription (our trial). Safe to call again.
async function findUnclaimedPayment(
  ctx: BillingContext,
  userId: string,
): Promise<string | undefined> {
  const [user] = await ctx.db
    .select({ email: users.email, isVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isVerified) return undefined;
  const [row] = await ctx.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.provider, ctx.provider.name),
        eq(checkoutSessions.status, "paid"),
        isNull(checkoutSessions.userId),
        eq(sql`lower(${checkoutSessions.email})`, user.email.toLowerCase()),
      ),
    )
    .orderBy(desc(checkoutSessions.completedAt))
    .limit(1);
  return row?.id;
}

export async function linkOrCreateSubscription(
  ctx: BillingContext,
  input: { userId: string; sessionId?: string },
): Promise<LinkResponse> {
  const now = ctx.now();
  if (ctx.provider.name === "off") {
    await ensureOffAccess(ctx.db, { userId: input.userId, now });
    return { outcome: "existing", subscriptionStatus: "active" };
  }
  let isPending = false;
  // Without a session id (a lost tab, a later sign-up), a payment made with this verified email
  // and not linked yet is this user's.
  const sessionId = input.sessionId ?? (await findUnclaimedPayment(ctx, input.userId));
  if (sessionId) {
    try {
      const linked = await linkCheckoutSession(ctx, {
        userId: input.userId,
        sessionId,
      });
      if (linked.outcome === "linked") return linked;
      isPending = true;
    } catch (error) {
      // A session id that is not a real checkout still leaves the user with their trial;
      // someone else's payment is refused outright.
      if (!(error instanceof AppError && error.code === "BAD_REQUEST")) throw error;
    }
  }
  const granted = await grantTrial(ctx.db, {
    userId: input.userId,
    trialDays: ctx.env.TRIAL_DAYS,
    now,
    currentProvider: ctx.provider.name,
  });
  const row = await readBillingRow(ctx, input.userId);
  return {
    outcome: isPending ? "pending" : granted,
    subscriptionStatus: row?.subscriptionStatus ?? null,
  };
}

/** Local subscriptions renew (or end) when their period is over; nothing else changes them. */
export async function refreshLocalSubscriptions(
  ctx: BillingContext,
  userId: string,
): Promise<void> {
  if (ctx.provider.name !== "local") return;
  const now = ctx.now();
  const lapsed = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, "local"),
        inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        lt(subscriptions.currentPeriodEnd, now),
      ),
    );
  for (const { id } of lapsed) {
    const snapshot = await ctx.provider.readSubscription(id);
    if (!snapshot) continue;
    await ctx.db.transaction((tx) =>
      applySubscription(tx, { userId, snapshot, provider: "local", now, currentProvider: "local" }),
    );
  }
}

/** The server side of access gating: true when the user's subscription counts as active. */
/**
 * `known`: the user's billing_status row as the request already read it (null: none), so the
 * common case — an active subscription — costs no query of its own.
 */
export async function hasPaidAccess(
  ctx: BillingContext,
  userId: string,
  known?: Awaited<ReturnType<typeof selectBillingRow>>,
): Promise<boolean> {
  if (ctx.provider.name === "off") return true;
  const isActive = async (row?: Awaited<ReturnType<typeof selectBillingRow>>) =>
    computeSubscriptionStatus(await readBillingRow(ctx, userId, row), ctx.now()).status ===
    "active";
  if (await isActive(known)) return true;
  await refreshLocalSubscriptions(ctx, userId);
  return isActive();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getBillingStatus(
  ctx: BillingContext,
  userId: string,
): Promise<BillingStatusResponse> {
  if (ctx.provider.name === "off") await ensureOffAccess(ctx.db, { userId, now: ctx.now() });
  else await refreshLocalSubscriptions(ctx, userId);
  const now = ctx.now();
  const row = await readBillingRow(ctx, userId);
  const subs = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  const computed = computeSubscriptionStatus(row, now);
  const hasOwn = (s: (typeof subs)[number]) =>
    s.provider === ctx.provider.name && s.status !== "canceled";
  const manage =
    ctx.provider.name === "stripe" && subs.some((s) => hasOwn(s) && s.providerCustomerId)
      ? "portal"
      : ctx.provider.name === "local" &&
          subs.some((s) => hasOwn(s) && LIVE_SUBSCRIPTION_STATUSES.includes(s.status))
        ? "local"
        : "none";
  // Paid for during the trial: the plan that starts when the trial ends.
  const waiting = subs.find((s) => hasOwn(s) && s.status === "trialing");
  return {
    provider: ctx.env.BILLING_PROVIDER,
    serverNow: now.toISOString(),
    scheduledPlan: waiting?.currentPeriodEnd
      ? {
          startsAt: waiting.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: waiting.cancelAtPeriodEnd,
        }
      : null,
    billingStatus: row
      ? {
          subscriptionStatus: row.subscriptionStatus,
          currentPeriodEnd: iso(row.currentPeriodEnd),
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          isTrial: row.isTrial,
          provider: row.provider,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null,
    subscriptions: subs.map((s) => ({
      status: s.status,
      provider: s.provider,
      currentPeriodEnd: iso(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    })),
    status: computed.status,
    isWithinGrace: computed.isWithinGrace,
    manage,
  };
}

export async function setCancelAtPeriodEnd(
  ctx: BillingContext,
  input: { userId: string; cancel: boolean },
): Promise<void> {
  const sub = await findPaidSubscription(ctx, input.userId);
  if (!sub) {
    throw new AppError(
      "BAD_REQUEST",
      input.cancel
        ? "You have no paid subscription to cancel."
        : "You have no paid subscription to resume.",
    );
  }
  const snapshot = await ctx.provider.setCancelAtPeriodEnd(sub.id, input.cancel);
  if (!snapshot) throw new AppError("BAD_REQUEST", "That subscription can no longer be changed.");
  const now = ctx.now();
  const change = await ctx.db.transaction((tx) =>
    applySubscription(tx, {
      userId: input.userId,
      snapshot,
      provider: ctx.provider.name,
      now,
      currentProvider: ctx.provider.name,
    }),
  );
  await sendChangeMail(ctx, input.userId, change);
}

export async function createPortalUrl(ctx: BillingContext, userId: string): Promise<string> {
  const create = ctx.provider.createPortalUrl;
  if (!create) {
    throw new AppError(
      "BAD_REQUEST",
      ctx.provider.name === "local"
        ? "Manage your subscription in Settings: cancel or resume it there."
        : "There is no subscription to manage on this server.",
    );
  }
  const [latest] = await ctx.db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, ctx.provider.name),
        isNotNull(subscriptions.providerCustomerId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!latest?.customerId)
    throw new AppError("BAD_REQUEST", "There is no subscription to manage yet.");
  return create({ customerId: latest.customerId, returnUrl: `${ctx.env.APP_URL}/app/settings` });
}

/** The email a checkout was paid with, for the account-creation form. Knowing the session id is
 * what grants access, as with a hosted checkout URL. */
export async function describeCheckout(
  ctx: BillingContext,
  sessionId: string,
): Promise<CheckoutSummary> {
  if (ctx.provider.name === "off") throw invalidSession();
  const [row] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (row && row.provider !== ctx.provider.name) throw invalidSession();
  if (row?.status === "complete")
    return { email: row.email, isPaid: true, isLinked: true, isExpired: false };
  const checkout = await ctx.provider.readCheckoutSession(sessionId);
  if (!checkout) throw invalidSession();
  const paidAt = row?.completedAt?.getTime();
  const isExpired =
    paidAt !== undefined && ctx.now().getTime() - paidAt > FINISH_ACCOUNT_LINK_DAYS * DAY_MS;
  return {
    email: row?.email ?? checkout.email,
    isPaid: checkout.isPaid,
    isLinked: false,
    isExpired,
  };
}

/**
 * Before an account is deleted: every paid subscription the current provider holds for the user
 * is set to end, so nothing is charged again. Throws (nothing deleted) when the provider fails.
 */
export async function cancelSubscriptionsForDeletion(
  ctx: BillingContext,
  userId: string,
): Promise<number> {
  if (ctx.provider.name === "off") return 0;
  const rows = await activePaidSubscriptions(ctx, userId);
  let cancelled = 0;
  for (const row of rows) {
    if (row.cancelAtPeriodEnd) continue;
    try {
      await ctx.provider.setCancelAtPeriodEnd(row.id, true);
      cancelled += 1;
    } catch {
      throw new AppError(
        "UNAVAILABLE",
        "We couldn't cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.",
      );
    }
  }
  return cancelled;
}
