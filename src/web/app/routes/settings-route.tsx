// /app/settings: the settings feature's page with billing's subscription card.
import { ManageSubscriptionCard } from "../../features/billing/components/manage-subscription-card";
import { SettingsPage } from "../../features/settings/components/settings-page";

export function SettingsRoute() {
  return <SettingsPage subscriptionCard={<ManageSubscriptionCard />} />;
}
