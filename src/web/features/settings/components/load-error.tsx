import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";

// A part of the page that could not load: the server's words and a way to try again.
export function LoadError(props: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span>{errorMessage(props.error)}</span>
      <Button variant="outline" size="sm" onClick={props.onRetry}>
        Try again
      </Button>
    </div>
  );
}
