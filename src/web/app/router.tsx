// Every route of the app (spec 01 §2, spec 02 §2). Pages load lazily, with retry on chunk errors.
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from "react-router";
import { NotFoundPage } from "../pages/not-found-page";
import { RouteErrorElement } from "./error-boundary";
import { lazyRoute } from "./lazy-route";
import { PublicLayout } from "./public-layout";
import { RootLayout } from "./root-layout";
import { StartFallback } from "./app-shell-skeleton";

// Aliases and /app redirect in a loader, as part of the navigation: a page rendering a redirect
// would send it after its shell had painted, over a link the person had already pressed there.
const redirectTo =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${path}${new URL(request.url).search}`);

export function createRouter() {
  return createBrowserRouter(appRoutes());
}

/** Resolves once the router has loaded the first page's route code (its lazy routes). */
export function waitForRouter(router: ReturnType<typeof createRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** The route table, also rendered at build time for the prerendered pages. */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      // At app start, while the first page's code loads: the signed-in shell on /app pages.
      HydrateFallback: StartFallback,
      errorElement: <RouteErrorElement />,
      children: [
        {
          // Loading "/" gets the static landing page (landing.html): the app only shows it
          // after a client-side navigation, so it loads with it.
          path: "/",
          lazy: lazyRoute(
            () => import("../pages/landing-route"),
            (m) => m.LandingRoute,
          ),
        },
        { path: "/onboarding", loader: redirectTo("/app/onboarding") },
        { path: "/notifications", loader: redirectTo("/app/notifications") },
        // The spec's public /map is the signed-in world map.
        { path: "/map", loader: redirectTo("/app/map") },
        {
          path: "/checkout",
          lazy: lazyRoute(
            () => import("../features/billing/components/local-checkout-page"),
            (m) => m.LocalCheckoutPage,
          ),
        },
        {
          path: "/auth/oauth-callback",
          lazy: lazyRoute(
            () => import("../features/billing/components/oauth-callback-page"),
            (m) => m.OAuthCallbackPage,
          ),
        },
        {
          Component: PublicLayout,
          children: [
            {
              path: "/auth",
              lazy: lazyRoute(
                () => import("./routes/auth-route"),
                (m) => m.AuthRoute,
              ),
            },
            {
              path: "/verify-email",
              lazy: lazyRoute(
                () => import("../features/auth/components/verify-email-page"),
                (m) => m.VerifyEmailPage,
              ),
            },
            {
              path: "/forgot-password",
              lazy: lazyRoute(
                () => import("../features/auth/components/forgot-password-page"),
                (m) => m.ForgotPasswordPage,
              ),
            },
            {
              path: "/reset-password",
              lazy: lazyRoute(
                () => import("../features/auth/components/reset-password-page"),
                (m) => m.ResetPasswordPage,
              ),
            },
            {
              path: "/subscribe",
              lazy: lazyRoute(
                () => import("../features/billing/components/subscribe-page"),
                (m) => m.SubscribePage,
              ),
            },
            {
              path: "/payment-success",
              lazy: lazyRoute(
                () => import("../features/billing/components/payment-success-page"),
                (m) => m.PaymentSuccessPage,
              ),
            },
            {
              path: "/privacy",
              lazy: lazyRoute(
                () => import("../pages/legal-pages"),
                (m) => m.PrivacyPage,
              ),
            },
            {
              path: "/terms",
              lazy: lazyRoute(
                () => import("../pages/legal-pages"),
                (m) => m.TermsPage,
              ),
            },
            {
              path: "/account-creation",
              lazy: lazyRoute(
                () => import("./routes/account-creation-page"),
                (m) => m.AccountCreationPage,
              ),
            },
          ],
        },
        {
          // Gated by AccessGate (root-layout.tsx), which shows the shell until the page may.
          path: "/app",
          children: [
            {
              path: "onboarding",
              lazy: lazyRoute(
                () => import("../features/onboarding/components/onboarding-page"),
                (m) => m.OnboardingPage,
              ),
            },
            {
              // The signed-in shell (menu, notifications, tour, feedback) loads with the page it
              // frames, in parallel, so public pages do not carry it.
              lazy: lazyRoute(
                () => import("./routes/app-shell-route"),
                (m) => m.AppShellRoute,
              ),
              children: [
                { index: true, loader: redirectTo("/app/contacts") },
                {
                  path: "contacts",
                  lazy: lazyRoute(
                    () => import("../features/contacts/components/contacts-page"),
                    (m) => m.ContactsPage,
                  ),
                },
                {
                  path: "contacts/new",
                  lazy: lazyRoute(
                    () => import("../features/contacts/components/new-contact-page"),
                    (m) => m.NewContactPage,
                  ),
                },
                {
                  path: "contacts/duplicates",
                  lazy: lazyRoute(
                    () => import("../features/contacts/components/duplicates-page"),
                    (m) => m.DuplicatesPage,
                  ),
                },
                {
                  path: "contacts/:id",
                  lazy: lazyRoute(
                    () => import("../features/contacts/components/contact-detail-page"),
                    (m) => m.ContactDetailPage,
                  ),
                },
                {
                  path: "rhythms",
                  lazy: lazyRoute(
                    () => import("../features/contacts/components/rhythms-page"),
                    (m) => m.RhythmsPage,
                  ),
                },
                {
                  path: "map",
                  lazy: lazyRoute(
                    () => import("./routes/map-route"),
                    (m) => m.MapRoute,
                  ),
                },
                {
                  path: "import",
                  lazy: lazyRoute(
                    () => import("../features/import-export/components/data-page"),
                    (m) => m.DataPage,
                  ),
                },
                {
                  path: "notifications",
                  lazy: lazyRoute(
                    () => import("../features/notifications/components/notifications-page"),
                    (m) => m.NotificationsPage,
                  ),
                },
                {
                  path: "replies",
                  lazy: lazyRoute(
                    () => import("./routes/replies-route"),
                    (m) => m.RepliesRoute,
                  ),
                },
                {
                  path: "profile",
                  lazy: lazyRoute(
                    () => import("../features/profile/components/profile-page"),
                    (m) => m.ProfilePage,
                  ),
                },
                {
                  path: "settings",
                  lazy: lazyRoute(
                    () => import("./routes/settings-route"),
                    (m) => m.SettingsRoute,
                  ),
                },
                {
                  path: "debug/subscription",
                  lazy: lazyRoute(
                    () => import("../features/billing/components/subscription-debug-page"),
                    (m) => m.SubscriptionDebugPage,
                  ),
                },
                { path: "*", Component: NotFoundPage },
              ],
            },
          ],
        },
        { Component: PublicLayout, children: [{ path: "*", Component: NotFoundPage }] },
      ],
    },
  ];
}
