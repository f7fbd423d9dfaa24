// The landing page's header: section links, Sign in and Sign up (spec 02 §2: both go to /auth,
// carrying show=login or show=signup), Subscribe; under 768 px a menu button opens the same
// links, and Escape (or choosing a link) closes it again.
import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { AuthLink } from "./landing-links";
import { SubscribeButton } from "./subscribe-button";

export const LANDING_SECTIONS = [
  { href: "#features", label: "Features" },
  { href: "#how-it-works", label: "How it works" },
  { href: "#pricing", label: "Pricing" },
  { href: "#privacy", label: "Privacy" },
] as const;

export function LandingHeader({ appName }: { appName: string }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setIsMenuOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="#top" className="flex items-center gap-2 text-lg font-bold text-foreground">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{appName}</span>
        </a>
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {LANDING_SECTIONS.map((s) => (
            <a
              key={s.href}
              href={s.href}
              className="text-sm font-medium text-muted-foreground hover:text-foreground"
            >
              {s.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost" size="sm">
            <AuthLink show="login">Sign in</AuthLink>
          </Button>
          <Button asChild size="sm">
            <AuthLink show="signup">Sign up</AuthLink>
          </Button>
          <SubscribeButton size="sm" variant="outline" onFailure="alert" />
        </div>
        <Button
          ref={buttonRef}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          aria-label={isMenuOpen ? "Close menu" : "Open menu"}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>
      {isMenuOpen ? (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="border-t border-border bg-background px-4 pb-4 md:hidden"
        >
          <ul className="grid gap-1 py-2">
            {LANDING_SECTIONS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  className="block rounded-md px-3 py-2 font-medium hover:bg-accent"
                  onClick={() => setIsMenuOpen(false)}
                >
                  {s.label}
                </a>
              </li>
            ))}
            <li>
              <AuthLink
                show="login"
                className="block rounded-md px-3 py-2 font-medium hover:bg-accent"
              >
                Sign in
              </AuthLink>
            </li>
            <li>
              <AuthLink
                show="signup"
                className="block rounded-md px-3 py-2 font-medium hover:bg-accent"
              >
                Sign up
              </AuthLink>
            </li>
          </ul>
          <SubscribeButton className="w-full" variant="outline" onFailure="alert" />
        </nav>
      ) : null}
    </header>
  );
}
