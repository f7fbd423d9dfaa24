// Every route of the app (spec 01 §2, spec 02 §2). Pages load lazily, with retry on chunk errors.
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { AppLayout } from "../components/layout/app-layout";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { ReminderChannelBanner } from "../features/settings/components/reminder-channel-banner";
import { LandingRoute } from "../pages/landing-route";
import { NotFoundPage } from "../pages/not-found-page";
import { RouteErrorElement } from "./error-boundary";
import { AppGate } from "./gate";
import { importWithRetry } from "./lazy";
import { PublicLayout } from "./public-layout";
import { RootLayout } from "./root-layout";

function OnboardingAlias() {
  const { search } = useLocation();
  return <Navigate to={`/app/onboarding${search}`} replace />;
}

function MapAlias() {
  const { search } = useLocation();
  return <Navigate to={`/app/map${search}`} replace />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      errorElement: <RouteErrorElement />,
      children: [
        { path: "/", Component: LandingRoute },
        { path: "/onboarding", Component: OnboardingAlias },
        { path: "/notifications", element: <Navigate to="/app/notifications" replace /> },
        // Decision 119: the spec's public /map is the signed-in world map.
        { path: "/map", element: <MapAlias /> },
        {
          path: "/checkout",
          lazy: () =>
            importWithRetry(
              () => import("../features/billing/components/local-checkout-page"),
            ).then((m) => ({
              Component: m.LocalCheckoutPage,
            })),
        },
        {
          path: "/auth/oauth-callback",
          lazy: () =>
            importWithRetry(
              () => import("../features/billing/components/oauth-callback-page"),
            ).then((m) => ({
              Component: m.OAuthCallbackPage,
            })),
        },
        {
          Component: PublicLayout,
          children: [
            {
              path: "/auth",
              lazy: () =>
                importWithRetry(() => import("./routes/auth-route")).then((m) => ({
                  Component: m.AuthRoute,
                })),
            },
            {
              path: "/verify-email",
              lazy: () =>
                importWithRetry(() => import("../features/auth/components/verify-email-page")).then(
                  (m) => ({
                    Component: m.VerifyEmailPage,
                  }),
                ),
            },
            {
              path: "/subscribe",
              lazy: () =>
                importWithRetry(() => import("../features/billing/components/subscribe-page")).then(
                  (m) => ({
                    Component: m.SubscribePage,
                  }),
                ),
            },
            {
              path: "/payment-success",
              lazy: () =>
                importWithRetry(
                  () => import("../features/billing/components/payment-success-page"),
                ).then((m) => ({
                  Component: m.PaymentSuccessPage,
                })),
            },
            {
              path: "/account-creation",
              lazy: () =>
                importWithRetry(() => import("./routes/account-creation-page")).then((m) => ({
                  Component: m.AccountCreationPage,
                })),
            },
          ],
        },
        {
          path: "/app",
          Component: AppGate,
          children: [
            {
              path: "onboarding",
              lazy: () =>
                importWithRetry(
                  () => import("../features/onboarding/components/onboarding-page"),
                ).then((m) => ({
                  Component: m.OnboardingPage,
                })),
            },
            {
              element: (
                <AppLayout
                  banner={<ReminderChannelBanner />}
                  headerActions={<NotificationBell />}
                />
              ),
              children: [
                { index: true, element: <Navigate to="/app/contacts" replace /> },
                {
                  path: "contacts",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/contacts/components/contacts-page"),
                    ).then((m) => ({
                      Component: m.ContactsPage,
                    })),
                },
                {
                  path: "contacts/new",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/contacts/components/new-contact-page"),
                    ).then((m) => ({ Component: m.NewContactPage })),
                },
                {
                  path: "contacts/:id",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/contacts/components/contact-detail-page"),
                    ).then((m) => ({ Component: m.ContactDetailPage })),
                },
                {
                  path: "rhythms",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/contacts/components/rhythms-page"),
                    ).then((m) => ({ Component: m.RhythmsPage })),
                },
                {
                  path: "map",
                  lazy: () =>
                    importWithRetry(() => import("./routes/map-route")).then((m) => ({
                      Component: m.MapRoute,
                    })),
                },
                {
                  path: "import",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/import-export/components/data-page"),
                    ).then((m) => ({ Component: m.DataPage })),
                },
                {
                  path: "notifications",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/notifications/components/notifications-page"),
                    ).then((m) => ({ Component: m.NotificationsPage })),
                },
                {
                  path: "settings",
                  lazy: () =>
                    importWithRetry(() => import("./routes/settings-route")).then((m) => ({
                      Component: m.SettingsRoute,
                    })),
                },
                {
                  path: "debug/subscription",
                  lazy: () =>
                    importWithRetry(
                      () => import("../features/billing/components/subscription-debug-page"),
                    ).then((m) => ({
                      Component: m.SubscriptionDebugPage,
                    })),
                },
                { path: "*", Component: NotFoundPage },
              ],
            },
          ],
        },
        { Component: PublicLayout, children: [{ path: "*", Component: NotFoundPage }] },
      ],
    },
  ]);
}
