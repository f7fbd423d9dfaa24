// Settings → Subscription: the payments the provider recorded, the latest first.
import { useId } from "react";
import type { PaymentRow } from "../../../../core/billing";
import { formatDate } from "../../../lib/format-date";
import { useTimeZone } from "../../../lib/session/use-time-zone";
import { usePayments } from "../api/list-payments";

function formatAmount(payment: PaymentRow): string {
  const amount = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: payment.currency.toUpperCase(),
  }).format(payment.amountCents / 100);
  return `${amount} ${payment.currency.toUpperCase()}`;
}

function statusLabel(status: string): string {
  return status === "paid" ? "Paid" : status.charAt(0).toUpperCase() + status.slice(1);
}

export function PaymentHistory() {
  const { data, isPending, isError } = usePayments();
  const headingId = useId();
  const timeZone = useTimeZone();
  let content;
  if (isPending) content = <p className="text-sm text-muted-foreground">Loading payments...</p>;
  else if (isError)
    content = <p className="text-sm text-destructive">Could not load your payments.</p>;
  else if (data.length === 0)
    content = <p className="text-sm text-muted-foreground">No payments yet.</p>;
  else
    content = (
      <ul className="grid gap-1 text-sm" aria-labelledby={headingId}>
        {data.map((payment) => (
          <li
            key={`${payment.paidAt}-${payment.amountCents}`}
            className="flex flex-wrap justify-between gap-x-4 border-b border-border py-2 last:border-0"
          >
            <span>{formatDate(payment.paidAt, { timeZone })}</span>
            <span className="flex gap-3">
              <span>{formatAmount(payment)}</span>
              <span className="text-muted-foreground">{statusLabel(payment.status)}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="grid gap-2" data-testid="payment-history">
      <h3 id={headingId} className="text-sm font-semibold">
        Past payments
      </h3>
      {content}
    </div>
  );
}
