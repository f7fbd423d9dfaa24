// /app/settings: the settings feature's page with billing's subscription card.
import { Suspense, useEffect } from "react";
import { SkeletonCard } from "../../components/ui/skeleton";
import { lazyComponent, lazyModule } from "../../lib/lazy";
import { SettingsPage } from "../../features/settings/components/settings-page";

// The subscription card sits in the page's lower half, between the phone and account cards, and
// loads after the first paint as they do; the page's first JavaScript stays within 160 KB.
const subscriptionCard = lazyModule(
  () => import("../../features/billing/components/manage-subscription-card"),
);
const ManageSubscriptionCard = lazyComponent(subscriptionCard, (m) => m.ManageSubscriptionCard);

export function SettingsRoute() {
  useEffect(() => {
    subscriptionCard.preload().catch(() => undefined);
  }, []);
  return (
    <SettingsPage
      subscriptionCard={
        <Suspense fallback={<SkeletonCard label="Loading your subscription" className="h-64" />}>
          <ManageSubscriptionCard />
        </Suspense>
      }
    />
  );
}
