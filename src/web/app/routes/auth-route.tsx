// /auth: the auth feature's page, offering billing's checkout to people who want to pay first,
// and loading the signed-in page while the sign-in is under way (app/preload.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { SubscribeButton } from "../../features/billing/components/subscribe-button";
import { AuthPage } from "../../features/auth/components/auth-page";
import { preloadPageCode, preloadSignedInPage } from "../preload";

export function AuthRoute() {
  const queryClient = useQueryClient();
  const prepareSignedInPage = useCallback(
    (target: string, signedIn: boolean) => {
      if (signedIn) preloadSignedInPage(queryClient, target, { withMe: false });
      else preloadPageCode(new URL(target, window.location.origin).pathname);
    },
    [queryClient],
  );
  return (
    <AuthPage
      subscribeButton={<SubscribeButton variant="secondary">Subscribe</SubscribeButton>}
      prepareSignedInPage={prepareSignedInPage}
    />
  );
}
