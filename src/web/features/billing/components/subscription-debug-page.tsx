// /app/debug/subscription: the status as this browser computes it, the cached value and its
// age, and the signed-in user's own billing_status and subscriptions rows behind it, without
// internal ids (the API leaves them out).
import { useEffect, useState } from "react";
import { cacheTtlFor } from "../../../../core/subscription";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { useMe } from "../../../lib/session/get-me";
import { useBillingStatus } from "../../../lib/session/get-billing-status";
import {
  usePeekSubscriptionStatus,
  useRefreshSubscriptionStatus,
  useSubscriptionStatus,
} from "../../../lib/session/use-subscription-status";
import { ManageSubscriptionCard } from "./manage-subscription-card";

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-x-2 py-1 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="font-medium">{label}</dt>
      <dd
        className="break-all font-mono"
        data-testid={`debug-${label.toLowerCase().replaceAll(" ", "-")}`}
      >
        {value}
      </dd>
    </div>
  );
}

export function SubscriptionDebugPage() {
  const { data: me } = useMe();
  const { status, entry } = useSubscriptionStatus(me?.user.id ?? null);
  const { data: raw, refetch } = useBillingStatus();
  const refresh = useRefreshSubscriptionStatus();
  const now = useNow(1000);
  const cached = usePeekSubscriptionStatus(me?.user.id ?? null) ?? entry;
  const ageSeconds = cached ? Math.round((now - cached.storedAt) / 1000) : null;

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">Subscription debug</h1>
      <Card>
        <CardHeader>
          <CardTitle>As this browser computes it</CardTitle>
        </CardHeader>
        <CardContent>
          <dl>
            <Row label="Client status" value={status ?? "loading"} />
            <Row label="Within grace" value={String(cached?.result.isWithinGrace ?? false)} />
            <Row label="Cached value" value={cached ? cached.result.status : "none cached"} />
            <Row label="Cache age" value={ageSeconds === null ? "-" : `${ageSeconds} s`} />
            <Row
              label="Cache lifetime"
              value={cached ? `${cacheTtlFor(cached.result) / 1000} s` : "-"}
            />
            <Row label="Read attempts" value={cached ? String(cached.attempts) : "-"} />
            <Row label="Last read error" value={cached?.error ?? "none"} />
            <Row
              label="Server status"
              value={raw ? `${raw.status}${raw.isWithinGrace ? " (grace)" : ""}` : "-"}
            />
            <Row label="Server time" value={raw?.serverNow ?? "-"} />
            <Row label="Provider" value={raw?.provider ?? "-"} />
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                void refresh();
                void refetch();
              }}
            >
              Clear cache and read again
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>billing_status</CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded-md bg-muted p-4 text-xs">
            {JSON.stringify(raw?.billingStatus ?? null, null, 2)}
          </pre>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>subscriptions</CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded-md bg-muted p-4 text-xs">
            {JSON.stringify(raw?.subscriptions ?? [], null, 2)}
          </pre>
        </CardContent>
      </Card>
      <ManageSubscriptionCard />
    </div>
  );
}
