// The SYSTEM_ALERT for a failed card payment, written in the transaction that
// stores the subscription's new state (past due, unpaid) re-read from the processor.
import { escapeHtml } from "../../lib/html";
import type { NewNotification } from "../notifications/notifications.public";

export function paymentFailedAlert(input: {
  userId: string;
  appName: string;
  invoiceId: string;
}): NewNotification {
  const app = escapeHtml(input.appName);
  return {
    userId: input.userId,
    type: "SYSTEM_ALERT",
    title: "Your card payment failed",
    content:
      `<p>We could not charge your card for your ${app} subscription.</p>` +
      `<p>Update your payment method under Manage Subscription in Settings to keep using ${app}.</p>`,
    link: "/app/settings",
    metadata: { invoiceId: input.invoiceId },
  };
}
