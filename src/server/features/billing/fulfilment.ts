// Fulfilment: turning a paid checkout session into the user's subscription. One idempotent
// function, called by the webhook, the success page (link), verification and the local
// checkout; they may race. The checkout_sessions row is locked while it is decided, so exactly
// one caller moves it to "complete" (and sends the confirmation mail); the others find it done.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { checkoutSessions, subscriptions, users, userSettings } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { BillingContext } from "./billing-context";
import { FINISH_ACCOUNT_LINK_DAYS } from "../../../core/billing";
import type { SubscriptionSnapshot } from "./billing-provider";
import {
  buildFinishAccountMail,
  buildSubscriptionCancelledMail,
  buildSubscriptionStartedMail,
} from "./subscription-mail";
import { applySubscription, type AppliedChange } from "./subscription-store";
import { DEFAULT_TIMEZONE } from "../../../core/constants";

export type FulfilResult =
  | { state: "pending"; userId: string | null }
  | { state: "paid"; userId: null; isNewlyPaid: boolean; email: string | null }
  | { state: "fulfilled"; userId: string; isFirst: boolean; subscriptionStatus: string | null };

export function invalidSession(): AppError {
  return new AppError("BAD_REQUEST", "Invalid session. Please try subscribing again.");
}

export function linkedElsewhere(): AppError {
  return new AppError(
    "CONFLICT",
    "This payment is already linked to another account. Please contact support if it is yours.",
  );
}

export async function fulfilCheckoutSession(
  ctx: BillingContext,
  input: { sessionId: string; userId?: string },
): Promise<FulfilResult> {
  const { db, provider } = ctx;
  const { sessionId } = input;
  if (provider.name === "off") throw invalidSession();
  const [known] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (known && known.provider !== provider.name) throw invalidSession();
  // Refuse early, before asking the provider anything.
  if (input.userId && known?.userId && known.userId !== input.userId) throw linkedElsewhere();

  // Provider reads happen outside the transaction so no lock is held across the network.
  const checkout = await provider.readCheckoutSession(sessionId);
  if (!checkout) throw invalidSession();
  const subscription =
    checkout.isPaid && checkout.subscriptionId
      ? await provider.readSubscription(checkout.subscriptionId)
      : null;
  const now = ctx.now();

  const result = await db.transaction(async (tx): Promise<FulfilResult> => {
    await tx
      .insert(checkoutSessions)
      .values({ id: sessionId, provider: provider.name, email: checkout.email, createdAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId))
      .for("update");
    if (!row) throw invalidSession();
    let owner = row.userId;
    if (input.userId) {
      if (owner && owner !== input.userId) throw linkedElsewhere();
      owner = input.userId;
    }
    if (!checkout.isPaid) {
      if (owner !== row.userId)
        await tx
          .update(checkoutSessions)
          .set({ userId: owner })
          .where(eq(checkoutSessions.id, sessionId));
      return { state: "pending", userId: owner };
    }
    const isFirst = owner !== null && row.status !== "complete";
    await tx
      .update(checkoutSessions)
      .set({
        userId: owner,
        status: owner ? "complete" : "paid",
        email: row.email ?? checkout.email,
        customerId: checkout.customerId,
        subscriptionId: checkout.subscriptionId,
        completedAt: row.completedAt ?? now,
      })
      .where(eq(checkoutSessions.id, sessionId));
    if (!owner)
      return {
        state: "paid",
        userId: null,
        isNewlyPaid: row.completedAt === null,
        email: row.email ?? checkout.email,
      };
    if (subscription) {
      await applySubscription(tx, {
        userId: owner,
        snapshot: subscription,
        provider: provider.name,
        checkoutSessionId: sessionId,
        now,
        currentProvider: provider.name,
      });
    }
    return {
      state: "fulfilled",
      userId: owner,
      isFirst,
      subscriptionStatus: subscription?.status ?? null,
    };
  });

  if (result.state === "fulfilled" && result.isFirst && subscription)
    await sendStartedMail(ctx, result.userId, subscription);
  if (result.state === "paid" && result.isNewlyPaid && result.email)
    await sendFinishAccountMail(ctx, { sessionId, email: result.email });
  return result;
}

// Paid with no account yet: a way back to account creation if the tab is lost. The
// local provider marks its sessions paid itself, so it calls this directly.
export async function sendFinishAccountMail(
  ctx: BillingContext,
  input: { sessionId: string; email: string },
): Promise<void> {
  try {
    await ctx.mailer.send({
      ...buildFinishAccountMail({
        appName: ctx.env.APP_NAME,
        appUrl: ctx.env.APP_URL,
        sessionId: input.sessionId,
        days: FINISH_ACCOUNT_LINK_DAYS,
      }),
      to: input.email,
      kind: "finish-account",
      userId: null,
    });
  } catch (error) {
    ctx.log.error({ err: error }, "could not send the finish-account mail");
  }
}

/** Where a user's billing mail goes, and the calendar its dates are written on. */
async function findRecipient(ctx: BillingContext, userId: string) {
  const [user] = await ctx.db
    .select({ email: users.email, timeZone: userSettings.timezone })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return user ? { email: user.email, timeZone: user.timeZone ?? DEFAULT_TIMEZONE } : null;
}

async function sendStartedMail(
  ctx: BillingContext,
  userId: string,
  subscription: SubscriptionSnapshot,
): Promise<void> {
  try {
    const recipient = await findRecipient(ctx, userId);
    if (!recipient) return;
    await ctx.mailer.send({
      ...buildSubscriptionStartedMail({
        appName: ctx.env.APP_NAME,
        appUrl: ctx.env.APP_URL,
        subscription,
        timeZone: recipient.timeZone,
      }),
      to: recipient.email,
      kind: "subscription-started",
      userId,
    });
  } catch (error) {
    // The subscription is in place; a lost confirmation mail must not undo or fail it.
    ctx.log.error({ err: error, userId }, "could not send the subscription confirmation mail");
  }
}

/** After a change is stored: a cancellation is confirmed by mail, with the day access ends. */
export async function sendChangeMail(
  ctx: BillingContext,
  userId: string,
  change: AppliedChange,
): Promise<void> {
  if (!change.cancelled) return;
  try {
    const recipient = await findRecipient(ctx, userId);
    if (!recipient) return;
    await ctx.mailer.send({
      ...buildSubscriptionCancelledMail({
        appName: ctx.env.APP_NAME,
        appUrl: ctx.env.APP_URL,
        ...change.cancelled,
        timeZone: recipient.timeZone,
      }),
      to: recipient.email,
      kind: "subscription-cancelled",
      userId,
    });
  } catch (error) {
    ctx.log.error({ err: error, userId }, "could not send the cancellation mail");
  }
}

/**
 * Re-reads one subscription from the provider and stores it for its owner, if it has one;
 * `alsoWrite` adds writes of the caller's to the same transaction (a failed-payment alert).
 */
export async function syncSubscriptionById(
  ctx: BillingContext,
  subscriptionId: string,
  alsoWrite?: (tx: Tx, userId: string) => Promise<void>,
): Promise<"synced" | "unowned" | "missing"> {
  const [owned] = await ctx.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!owned) {
    // Not stored yet: its checkout may still be waiting for fulfilment.
    const [session] = await ctx.db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.subscriptionId, subscriptionId),
          isNotNull(checkoutSessions.userId),
        ),
      );
    if (!session) return "unowned";
    await fulfilCheckoutSession(ctx, { sessionId: session.id });
    return "synced";
  }
  const snapshot = await ctx.provider.readSubscription(subscriptionId);
  if (!snapshot) return "missing";
  const now = ctx.now();
  const change = await ctx.db.transaction(async (tx) => {
    const applied = await applySubscription(tx, {
      userId: owned.userId,
      snapshot,
      provider: ctx.provider.name,
      now,
      currentProvider: ctx.provider.name,
    });
    await alsoWrite?.(tx, owned.userId);
    return applied;
  });
  await sendChangeMail(ctx, owned.userId, change);
  return "synced";
}
