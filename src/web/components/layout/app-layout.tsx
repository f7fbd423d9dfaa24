import type { ReactNode } from "react";
import { NavLink, Outlet } from "react-router";
import { APP_NAV_ICONS } from "./app-nav-icons";
import { cn } from "../../lib/utils";
import { APP_NAV } from "./app-nav";
import { Logo } from "./logo";

function tabLook(isActive: boolean) {
  return isActive
    ? "bg-secondary text-secondary-foreground"
    : "text-muted-foreground hover:bg-accent hover:text-foreground";
}

function navClass({ isActive }: { isActive: boolean }) {
  return cn("rounded-md px-3 py-2 text-sm font-medium", tabLook(isActive));
}

// A phone's tab: an icon over a one-line name, a whole quarter of the bar wide for a thumb.
function mobileNavClass({ isActive }: { isActive: boolean }) {
  return cn(
    "flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 whitespace-nowrap rounded-md px-1 text-xs font-medium [&_svg]:size-5",
    tabLook(isActive),
  );
}

// The signed-in layout: a fixed header with the logo, the main navigation and the user menu;
// below the medium breakpoint the header is shorter and the navigation is a tab bar at the
// bottom of the screen, where a thumb reaches it (marked data-thumb-bar, as a page's own
// bottom-anchored action is). `banner` (from the app
// level, which may use features) sits above every page's content; `headerActions` (the
// notifications bell) sits beside the user menu (`userMenu`, given by the signed-in shell, which
// loads with the page: the skeleton the entry paints first carries no menu code). Each tab also
// carries a data-tour target (the mobile row's copy ends in -mobile) for the guided tour.
// `children`, when given, stands in for the routed page: the access gate paints the layout with
// a skeleton page while it waits for the session, and shows no user menu until it is known.
export function AppLayout({
  banner,
  headerActions,
  userMenu,
  children,
}: {
  banner?: ReactNode;
  headerActions?: ReactNode;
  userMenu?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      {/* Installed on a phone, the app's own padding keeps clear of the notch, the rounded
          corners and the home indicator (viewport-fit=cover). */}
      <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background pt-[env(safe-area-inset-top)] pl-[env(safe-area-inset-left)] pr-[env(safe-area-inset-right)]">
        <div className="mx-auto flex h-12 max-w-6xl items-center justify-between gap-4 px-4 md:h-16">
          <Logo to="/app/contacts" />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {APP_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={navClass} data-tour={item.tour}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            {headerActions}
            {children === undefined ? userMenu : null}
          </div>
        </div>
      </header>
      <nav
        aria-label="Main (mobile)"
        data-thumb-bar
        className="fixed inset-x-0 bottom-0 z-40 flex gap-1 border-t border-border bg-background px-1 pb-[calc(0.25rem+env(safe-area-inset-bottom))] pl-[calc(0.25rem+env(safe-area-inset-left))] pr-[calc(0.25rem+env(safe-area-inset-right))] pt-1 md:hidden"
      >
        {APP_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={mobileNavClass}
            data-tour={`${item.tour}-mobile`}
          >
            {APP_NAV_ICONS[item.to]}
            <span>{item.label}</span>
          </NavLink>
        ))}
      </nav>
      {/* Below the medium breakpoint the page ends clear of the tab bar (4 rem with its
          padding) and of a page's own bottom action. */}
      <main
        id="main"
        className="mx-auto max-w-6xl pb-[calc(6rem+env(safe-area-inset-bottom))] pl-[calc(1rem+env(safe-area-inset-left))] pr-[calc(1rem+env(safe-area-inset-right))] pt-[calc(4.5rem+env(safe-area-inset-top))] md:pb-[calc(4rem+env(safe-area-inset-bottom))] md:pt-[calc(6rem+env(safe-area-inset-top))]"
      >
        {banner}
        {children === undefined ? <Outlet /> : children}
      </main>
    </div>
  );
}
