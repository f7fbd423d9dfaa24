// Settings → Webhooks: a URL of the person's receives the events they tick, signed with a secret
// shown once (with Copy); each webhook has a delivery log with Resend, and Remove.
import { ChevronDown, RotateCw, Webhook as WebhookIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from "../../../../core/webhooks";
import { DateText } from "../../../components/date-text";
import { LoadError } from "../../../components/load-error";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { showServerErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useCreateWebhook } from "../api/create-webhook";
import { useDeleteWebhook } from "../api/delete-webhook";
import { useWebhookDeliveries } from "../api/list-webhook-deliveries";
import { useWebhooks } from "../api/list-webhooks";
import { useResendWebhookDelivery } from "../api/resend-webhook-delivery";
import { RevokeCredential } from "./revoke-credential";
import { ShownOnceSecret } from "./shown-once-secret";

type WebhookValues = { url: string; events: WebhookEventType[] };

function WebhookForm(props: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const legendId = useId();
  const eventsErrorId = useId();
  const form = useForm<WebhookValues>({
    defaultValues: { url: "", events: ["contact.created", "interaction.logged"] },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ url, events }) => {
    try {
      const created = await create.mutateAsync({ url: url.trim(), events });
      form.reset();
      props.onCreated(created.secret);
    } catch (error) {
      showServerErrors(form.setError, error, {
        fallback: "The webhook could not be added. Please try again.",
        fieldNames: { "events.0": "events" },
        knownFields: ["url", "events"],
      });
    }
  });

  return (
    <form
      noValidate
      aria-label="New webhook"
      className="grid gap-4"
      aria-busy={create.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field
        label="URL"
        error={errors.url?.message}
        description="Where the events are sent, such as an n8n or Zapier webhook address."
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/tend"
          maxLength={WEBHOOK_URL_MAX}
          {...form.register("url", {
            validate: (value) =>
              value.trim()
                ? true
                : "Enter the address that receives the events, like https://example.com/tend.",
          })}
        />
      </Field>
      <fieldset className="grid gap-1" aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend id={legendId} className="mb-1 text-sm font-medium">
          Events
        </legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            // The whole row is the target: 44 px on a phone.
            <label key={event} className="flex min-h-11 items-center gap-3 text-sm md:min-h-9">
              <input
                type="checkbox"
                className="size-4 shrink-0"
                value={event}
                {...form.register("events", {
                  validate: (value) =>
                    value.length > 0 ? true : "Choose at least one event to send.",
                })}
              />
              <span className="min-w-0">
                {WEBHOOK_EVENT_LABELS[event]}{" "}
                <code className="text-xs text-muted-foreground">{event}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events?.message ? (
          <p id={eventsErrorId} role="alert" className="text-sm font-medium text-destructive">
            {errors.events.message}
          </p>
        ) : null}
      </fieldset>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          <WebhookIcon aria-hidden />
          {create.isPending ? "Adding..." : "Add webhook"}
        </Button>
      </div>
    </form>
  );
}

const STATUS_BADGES = {
  sent: { label: "Delivered", variant: "success" },
  pending: { label: "Retrying", variant: "warning" },
  failed: { label: "Failed", variant: "danger" },
} as const;

function DeliveryRow(props: { webhookId: string; delivery: WebhookDelivery }) {
  const { delivery } = props;
  const resend = useResendWebhookDelivery(props.webhookId);
  const badge =
    delivery.status === "pending" && delivery.attempts === 0
      ? { label: "Waiting", variant: "secondary" as const }
      : STATUS_BADGES[delivery.status];
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 py-3"
      data-testid="webhook-delivery"
    >
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <code className="[overflow-wrap:anywhere]">{delivery.event}</code>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        <p className="text-muted-foreground">
          <DateText value={delivery.createdAt} withTime isCapitalized />
          {delivery.responseStatus !== null ? ` · HTTP ${delivery.responseStatus}` : ""}
          {` · ${delivery.attempts} ${delivery.attempts === 1 ? "try" : "tries"}`}
        </p>
        {delivery.lastError && delivery.status !== "sent" ? (
          <p className="text-muted-foreground [overflow-wrap:anywhere]">{delivery.lastError}</p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(delivery.id, {
            onSuccess: () => toast({ title: "Sending again", variant: "success" }),
            onError: (error) =>
              toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
          })
        }
      >
        <RotateCw aria-hidden />
        <span>
          Resend<span className="sr-only"> {delivery.event}</span>
        </span>
      </Button>
    </li>
  );
}

function DeliveryLog(props: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(props.webhookId, true);
  if (deliveries.isError) {
    return <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  }
  if (!deliveries.data) return <p className="py-3 text-sm text-muted-foreground">Loading…</p>;
  if (deliveries.data.length === 0) {
    return (
      <p className="py-3 text-sm text-muted-foreground">
        Nothing sent yet: deliveries appear here when one of its events happens.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Deliveries">
      {deliveries.data.map((delivery) => (
        <DeliveryRow key={delivery.id} webhookId={props.webhookId} delivery={delivery} />
      ))}
    </ul>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const remove = useDeleteWebhook();
  const [isLogOpen, setIsLogOpen] = useState(false);
  const logId = useId();
  return (
    <li className="grid gap-2 py-3" data-testid="webhook">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="font-mono text-sm [overflow-wrap:anywhere]">{webhook.url}</p>
          <p className="text-sm text-muted-foreground">
            {webhook.events.join(", ")} · added <DateText value={webhook.createdAt} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={isLogOpen}
            aria-controls={logId}
            onClick={() => setIsLogOpen((open) => !open)}
          >
            <ChevronDown
              aria-hidden
              className={isLogOpen ? "rotate-180 transition-transform" : "transition-transform"}
            />
            Delivery log
          </Button>
          <RevokeCredential
            name={webhook.url}
            actionLabel="Remove"
            description="Nothing more is sent to this address, and its delivery log is removed. This cannot be undone."
            revokedTitle="Webhook removed"
            isPending={remove.isPending}
            revoke={(callbacks) => remove.mutate(webhook.id, callbacks)}
          />
        </div>
      </div>
      <div id={logId} hidden={!isLogOpen}>
        {isLogOpen ? <DeliveryLog webhookId={webhook.id} /> : null}
      </div>
    </li>
  );
}

export function WebhooksCard() {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Send a signed request to a URL of yours (n8n, Zapier, your own script) whenever something
          happens in your contacts. A failed delivery is retried for a day and a half.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {secret ? (
          <ShownOnceSecret
            label="Signing secret"
            hint={
              <>
                Copy it now: it is not shown again. Your receiver checks each request&apos;s{" "}
                <code>Tend-Signature</code> header with it.
              </>
            }
            value={secret}
            testId="webhook-event-secret"
            panelTestId="new-webhook"
            noun="secret"
            copied="Paste it into your receiver's settings."
            onDone={() => setSecret(null)}
          />
        ) : (
          <WebhookForm onCreated={setSecret} />
        )}
        {webhooks.isError ? (
          <LoadError error={webhooks.error} onRetry={() => void webhooks.refetch()} />
        ) : webhooks.data && webhooks.data.length > 0 ? (
          <section aria-labelledby="webhooks-list">
            <h3 id="webhooks-list" className="text-sm font-medium">
              Your webhooks
            </h3>
            <ul className="divide-y divide-border">
              {webhooks.data.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
