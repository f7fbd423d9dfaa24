import { Link, useLocation } from "react-router";
import { Button } from "../components/ui/button";
import { useMe } from "../lib/session/get-me";
import { isAppPath } from "../lib/access-gating";

// The 404 page (spec 01 §2). Under /app it renders inside the app layout's <main>, so it must
// not add a second main landmark; public pages have none of their own.
export function NotFoundPage() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const Container = isAppPath(pathname) ? "div" : "main";
  return (
    <Container className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Button asChild>
        <Link to={me ? "/app/contacts" : "/"}>Return to Home</Link>
      </Button>
    </Container>
  );
}
