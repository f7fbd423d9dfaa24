// The browser tab's title for each route: "<page> · <product>", so tabs, history and screen
// readers name the page (WCAG 2.4.2) and a custom APP_NAME shows everywhere, not only on "/".

const TITLES: [RegExp, string][] = [
  [/^\/auth\/oauth-callback$/, "Signing in"],
  [/^\/auth$/, "Sign in"],
  [/^\/verify-email$/, "Verify your email"],
  [/^\/forgot-password$/, "Forgot password"],
  [/^\/reset-password$/, "Choose a new password"],
  [/^\/subscribe$/, "Subscribe"],
  [/^\/checkout$/, "Checkout"],
  [/^\/payment-success$/, "Payment"],
  [/^\/account-creation$/, "Create your account"],
  [/^\/privacy$/, "Privacy"],
  [/^\/terms$/, "Terms"],
  [/^\/(app\/)?onboarding$/, "Welcome"],
  [/^\/app\/?$/, "Contacts"],
  [/^\/app\/contacts$/, "Contacts"],
  [/^\/app\/contacts\/new$/, "Add a contact"],
  [/^\/app\/contacts\/duplicates$/, "Duplicates"],
  [/^\/app\/contacts\/[^/]+$/, "Contact"],
  [/^\/app\/rhythms$/, "Rhythms"],
  [/^\/app\/import$/, "Data"],
  [/^\/app\/map$/, "World Map"],
  [/^\/app\/settings$/, "Settings"],
  [/^\/app\/notifications$/, "Notifications"],
  [/^\/app\/replies$/, "Replies"],
  [/^\/app\/debug\/subscription$/, "Subscription debug"],
];

/** The page's own name ("Contacts"), or null for "/" and unknown paths. */
export function pageNameFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/** "/" has the product's own title; an unknown path is the 404 page. */
export function pageTitleFor(pathname: string, productName: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return `${productName}: keep in touch with the people who matter`;
  const page = pageNameFor(path) ?? "Page not found";
  return `${page} · ${productName}`;
}
