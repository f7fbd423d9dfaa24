// Map errors as spec 02 §8 words them: a toast "Map error: …", "Error setting up map: …" or
// "Failed to initialize map: …" (that one shown once per page load); non-critical render,
// glyph and sprite errors ignored; a refused vendor token sets the token-error state instead.
import { toast } from "../../../lib/toast";

const PREFIX = {
  runtime: "Map error",
  setup: "Error setting up map",
  init: "Failed to initialize map",
} as const;

let hasShownInitFailure = false;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : "unknown error";
}

export function mapErrorText(kind: keyof typeof PREFIX, error: unknown): string {
  return `${PREFIX[kind]}: ${messageOf(error)}`;
}

export function reportMapError(kind: keyof typeof PREFIX, error: unknown): void {
  if (kind === "init") {
    if (hasShownInitFailure) return;
    hasShownInitFailure = true;
  }
  toast({ title: mapErrorText(kind, error), variant: "destructive" });
}

export function isIgnorableMapError(error: unknown): boolean {
  return /glyph|sprite|render|font/i.test(messageOf(error));
}

/** The vendor answered 401 or 403: the token is missing, wrong or expired. */
export function isTokenError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 401 || status === 403 || /access token|unauthori[sz]ed/i.test(messageOf(error));
}
