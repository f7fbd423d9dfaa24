// "Something went wrong" (spec 01 §8): reload, technical details, the local error log shown and
// cleared. Also the chunk-update variant of spec 02 §8.
import { useState } from "react";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { clearErrorLog, readErrorLog, type ErrorLogEntry } from "../lib/local-log";

export function ErrorScreen(props: {
  error: unknown;
  isChunkError?: boolean;
  onRetry?: () => void;
}) {
  const [showDetails, setShowDetails] = useState(false);
  const [logs, setLogs] = useState<ErrorLogEntry[] | null>(null);
  const error = props.error instanceof Error ? props.error : new Error(String(props.error));

  if (props.isChunkError) {
    return (
      <main className="bg-background">
        <LoadFailedScreen isChunkError onRetry={props.onRetry} />
      </main>
    );
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4">
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <CardDescription>
            We're sorry, an unexpected error occurred. Reloading the page usually fixes it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => window.location.reload()}>Reload Page</Button>
            <Button
              variant="outline"
              aria-expanded={showDetails}
              onClick={() => setShowDetails((v) => !v)}
            >
              {showDetails ? "Hide technical details" : "Show technical details"}
            </Button>
            <Button
              variant="outline"
              aria-expanded={logs !== null}
              onClick={() => setLogs(logs ? null : readErrorLog())}
            >
              {logs ? "Hide error logs" : "Show error logs"}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                clearErrorLog();
                setLogs((current) => (current ? [] : current));
              }}
            >
              Clear error logs
            </Button>
          </div>
          {showDetails ? (
            <pre
              className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs"
              tabIndex={0}
              aria-label="Technical details"
            >
              {error.message}
              {"\n"}
              {error.stack}
            </pre>
          ) : null}
          {logs ? (
            <section aria-label="Error logs" className="grid gap-2">
              {logs.length === 0 ? (
                <p className="text-sm text-muted-foreground">No errors logged.</p>
              ) : (
                <ol className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs" tabIndex={0}>
                  {logs
                    .slice()
                    .reverse()
                    .map((entry, i) => (
                      <li key={`${entry.timestamp}-${i}`} className="mb-2">
                        <strong>{entry.timestamp}</strong> [{entry.level}] {entry.message}{" "}
                        <em>{entry.url}</em>
                      </li>
                    ))}
                </ol>
              )}
            </section>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}

// A page whose code could not be loaded (spec 02 §8): "Component Update Required" with Try Again
// and Refresh Page for a stale chunk, inside the page's own layout, otherwise "Something went wrong" / "Unable to load this
// component." with Try Again.
export function LoadFailedScreen(props: { isChunkError: boolean; onRetry?: () => void }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center bg-background p-4">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold">
            {props.isChunkError ? "Component Update Required" : "Something went wrong"}
          </h1>
          <CardDescription>
            {props.isChunkError
              ? "A new version of the app is available. Refresh to load it."
              : "Unable to load this component."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex gap-2">
          {props.onRetry ? (
            <Button variant="outline" onClick={props.onRetry}>
              Try Again
            </Button>
          ) : null}
          {props.isChunkError ? (
            <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
