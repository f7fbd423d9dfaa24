import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { useMe } from "../features/account/api/get-me";

export function NotFoundPage() {
  const { data: me } = useMe();
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Button asChild>
        <Link to={me ? "/app/contacts" : "/"}>Return to Home</Link>
      </Button>
    </main>
  );
}
