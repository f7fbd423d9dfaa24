import { Link, useLocation } from "react-router";
import { AUTH_SIGNUP_PATH } from "../../../core/app-paths";
import { useMe } from "../../lib/session/get-me";
import { Button } from "../ui/button";
import { Logo } from "./logo";

// Header of the public pages: signed-out visitors see Sign in and Sign up (spec 02 §2 calls them
// Login and Sign Up), a signed-in user "Open app"; hidden nav on /auth. Until the session is known
// the signed-out links keep their place unseen, so a signed-in user (one who has just paid, say)
// never sees an offer to sign in.
export function PublicHeader() {
  const { pathname } = useLocation();
  const { data: me, isPending } = useMe();
  const isAuthPage = pathname === "/auth";
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo to={me ? "/app/contacts" : "/"} />
        {isAuthPage ? null : me ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/app/contacts">Open app</Link>
          </Button>
        ) : (
          <nav
            aria-label="Account"
            aria-hidden={isPending || undefined}
            className={`flex items-center gap-2${isPending ? " invisible" : ""}`}
          >
            <Button asChild variant="ghost" size="sm">
              <Link to="/auth" state={{ show: "login" }}>
                Sign in
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to={AUTH_SIGNUP_PATH} state={{ show: "signup" }}>
                Sign up
              </Link>
            </Button>
          </nav>
        )}
      </div>
    </header>
  );
}
