import { RotateCw } from "lucide-react";
import { describeLoadFailure } from "../lib/load-failure";
import { cn } from "../lib/utils";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";

/**
 * A load that failed after its retries: what went wrong in words a person can act on, and a way
 * to try again. `prefix` keeps a spec-quoted lead ("Error loading notifications: ").
 */
export function LoadError(props: {
  error: unknown;
  onRetry: () => void;
  prefix?: string;
  className?: string;
}) {
  const { message } = describeLoadFailure(props.error);
  return (
    <Alert
      variant="destructive"
      className={cn("flex flex-wrap items-center justify-between gap-3", props.className)}
    >
      <span className="min-w-0">
        {props.prefix}
        {message}
      </span>
      <Button variant="outline" size="sm" onClick={props.onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </Alert>
  );
}
