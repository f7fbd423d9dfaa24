// /auth: the auth feature's page, offering billing's checkout to people who want to pay first.
import { SubscribeButton } from "../../features/billing/components/subscribe-button";
import { AuthPage } from "../../features/auth/components/auth-page";

export function AuthRoute() {
  return (
    <AuthPage subscribeButton={<SubscribeButton variant="secondary">Subscribe</SubscribeButton>} />
  );
}
