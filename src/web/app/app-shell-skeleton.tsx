// The signed-in layout with the page's title and skeleton rows, painted before any answer:
// by the router while the page's code loads at app start, then by the access
// gate until the session, status and onboarding allow the page.
import { useEffect } from "react";
import { AppLayout } from "../components/layout/app-layout";
import { Skeleton, SkeletonRows } from "../components/ui/skeleton";
import { pageNameFor } from "../lib/page-title";
import { isSignedInPage } from "./preload";

/** The signed-in layout with the page's title and skeleton rows, painted before any answer. */
export function AppShellSkeleton({ pathname }: { pathname: string }) {
  // A contact's page is titled with the contact's name, not known yet.
  const name = /^\/app\/contacts\/(?!new$)[^/]+/.test(pathname) ? null : pageNameFor(pathname);
  return (
    <AppLayout>
      <section className="grid gap-6" aria-busy="true">
        {name ? <h1 className="text-3xl font-bold">{name}</h1> : <Skeleton className="h-9 w-48" />}
        <SkeletonRows label="Loading your account" />
      </section>
    </AppLayout>
  );
}

/**
 * The router's fallback at app start, while the first page's code loads. The theme controller
 * (root layout) is not rendered yet: the shell follows the system's scheme, as the controller
 * does until the saved choice is known.
 */
export function StartFallback() {
  const { pathname } = window.location;
  const isShell = isSignedInPage(pathname);
  useEffect(() => {
    if (isShell && window.matchMedia("(prefers-color-scheme: dark)").matches)
      document.documentElement.classList.add("dark");
  }, [isShell]);
  return isShell ? <AppShellSkeleton pathname={pathname} /> : null;
}
