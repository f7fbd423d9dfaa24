// Settings → Reminders: send a real digest now (marked as a test) and the last 50 deliveries,
// each with when (in the user's zone), how, its status, for how many people and why.
import { CHAT_CHANNEL_LABELS } from "../../../../core/chat-channels";
import {
  DELIVERY_LOG_SIZE,
  DELIVERY_STATUS_LABELS,
  type Delivery,
} from "../../../../core/reminders";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime, formatZone } from "../../../lib/format-date";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useReminderDeliveries } from "../api/list-reminder-deliveries";
import { useSendTestReminder } from "../api/send-test-reminder";
import { LoadError } from "../../../components/load-error";
import { toastTestReminder, toastTestReminderFailed } from "./settings-toasts";

const STATUS_VARIANTS = {
  queued: "outline",
  sent: "success",
  failed: "danger",
  skipped: "warning",
} as const satisfies Record<Delivery["status"], string>;

const CHANNEL_LABELS: Record<Delivery["channel"], string> = {
  email: "Email",
  sms: "Text message",
  push: "Push",
  ...CHAT_CHANNEL_LABELS,
};

/** Where a test went, in the toast's words: "to ada@example.com", "by text to +1…", "to Telegram". */
function describePlace(
  delivery: Delivery,
  recipient: { email: string; phoneNumber: string | null },
): string {
  if (delivery.channel === "sms") return `by text to ${recipient.phoneNumber}`;
  if (delivery.channel === "email") return `to ${recipient.email}`;
  if (delivery.channel === "push") return "as a push";
  return `to ${CHANNEL_LABELS[delivery.channel]}`;
}

function describeCount(n: number): string {
  if (n === 0) return "Nobody due";
  return n === 1 ? "1 person due" : `${n} people due`;
}

function DeliveryItem({ delivery, timeZone }: { delivery: Delivery; timeZone: string }) {
  const when = delivery.sentAt ?? delivery.scheduledFor;
  return (
    <li className="grid gap-1 py-3" data-testid="delivery-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_VARIANTS[delivery.status]}>
          {DELIVERY_STATUS_LABELS[delivery.status]}
        </Badge>
        {delivery.isTest ? <Badge variant="secondary">Test</Badge> : null}
        <time dateTime={when} className="text-sm font-medium">
          {formatDateTime(when, { timeZone })}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">
        {CHANNEL_LABELS[delivery.channel]} · {describeCount(delivery.contactCount)}
      </p>
      {delivery.reason ? <p className="text-sm">{delivery.reason}</p> : null}
    </li>
  );
}

function DeliveryLog({ timeZone }: { timeZone: string }) {
  const log = useReminderDeliveries();
  if (log.isPending) return <Spinner label="Loading the delivery log" />;
  if (log.isError) {
    return <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  }
  const { deliveries } = log.data;
  if (deliveries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Nothing sent yet. Your first reminder goes out at the next reminder time; send a test to see
        what it looks like.
      </p>
    );
  }
  return (
    <ul aria-label="Delivery log" className="divide-y divide-border">
      {deliveries.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} timeZone={timeZone} />
      ))}
    </ul>
  );
}

export function ReminderDeliveries(props: {
  timeZone: string;
  email: string;
  phoneNumber: string | null;
}) {
  const send = useSendTestReminder();

  async function sendTest() {
    try {
      const delivery = await send.mutateAsync();
      toastTestReminder(delivery, describePlace(delivery, props));
    } catch (error) {
      toastTestReminderFailed(error);
    }
  }

  return (
    <div className="grid gap-6 border-t border-border pt-6">
      <section aria-labelledby="test-reminder-title" className="grid justify-items-start gap-2">
        <h3 id="test-reminder-title" className="text-base font-semibold">
          Test reminder
        </h3>
        <p className="text-sm text-muted-foreground">
          A real reminder with whoever is due right now, marked as a test. Your schedule does not
          change.
        </p>
        <Button variant="outline" onClick={() => void sendTest()} disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send a test reminder now"}
        </Button>
      </section>
      <section aria-labelledby="delivery-log-title" className="grid gap-2">
        <h3 id="delivery-log-title" className="text-base font-semibold">
          Delivery log
        </h3>
        <p className="text-sm text-muted-foreground">
          The last {DELIVERY_LOG_SIZE} reminders, newest first, with times in{" "}
          {formatZone(props.timeZone)}.
        </p>
        <DeliveryLog timeZone={props.timeZone} />
      </section>
    </div>
  );
}
