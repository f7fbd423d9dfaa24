// Payments as the provider recorded them: written by the local provider's monthly charges and by
// Stripe's paid invoices, listed in Settings → Subscription for their owner only.
import { addMonths, subMonths } from "date-fns";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { PaymentRow } from "../../../core/billing";
import { PLAN_PRICE_USD } from "../../../core/constants";
import type { Db, Tx } from "../../db/client";
import { payments } from "../../db/schema/index";
import type { SubscriptionSnapshot } from "./billing-provider";

export type PaymentSnapshot = {
  id: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  status: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date;
};

export async function recordPayment(
  db: Db | Tx,
  payment: PaymentSnapshot & { userId: string | null; provider: string },
): Promise<void> {
  await db
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({
      target: payments.id,
      set: { status: payment.status, amountCents: payment.amountCents },
    });
}

/** A subscription's payments made before it had an account become that account's. */
export async function claimPayments(
  tx: Tx,
  input: { userId: string; subscriptionId: string },
): Promise<void> {
  await tx
    .update(payments)
    .set({ userId: input.userId })
    .where(and(eq(payments.subscriptionId, input.subscriptionId), isNull(payments.userId)));
}

/**
 * The months the local test card charged between what was stored and what the provider says
 * now: the first month of a new subscription, each month a renewal rolled past, the first month
 * after a trial. A charge is made at the start of the month it pays for.
 */
export function localCharges(
  previous: { status: string; currentPeriodEnd: Date | null } | null,
  snapshot: SubscriptionSnapshot,
): { start: Date; end: Date }[] {
  const end = snapshot.currentPeriodEnd;
  if (snapshot.status !== "active" || !end) return [];
  if (!previous?.currentPeriodEnd) return [{ start: subMonths(end, 1), end }];
  const charges: { start: Date; end: Date }[] = [];
  for (let start = previous.currentPeriodEnd; start.getTime() < end.getTime(); ) {
    const next = addMonths(start, 1);
    charges.push({ start, end: next });
    start = next;
  }
  return charges;
}

export async function recordLocalCharges(
  tx: Tx,
  input: { userId: string; subscriptionId: string; charges: { start: Date; end: Date }[] },
): Promise<void> {
  for (const { start, end } of input.charges) {
    await tx
      .insert(payments)
      .values({
        id: `${input.subscriptionId}_${start.toISOString()}`,
        userId: input.userId,
        subscriptionId: input.subscriptionId,
        provider: "local",
        amountCents: PLAN_PRICE_USD * 100,
        currency: "usd",
        status: "paid",
        periodStart: start,
        periodEnd: end,
        paidAt: start,
      })
      .onConflictDoNothing();
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user's own payments, the latest first. */
export async function listPayments(db: Db, userId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt))
    .limit(120);
  return rows.map((row) => ({
    paidAt: row.paidAt.toISOString(),
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
  }));
}
