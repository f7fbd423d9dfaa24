// What a person reads when a load fails: our own words for a server fault or a lost connection
// (a proxy's page or an exception's text means nothing to them), the server's own words for a
// refusal it explains, and "not found" kept apart from "failed".
import { ApiRequestError } from "./api-client";

export const LOAD_FAILURE_MESSAGES = {
  offline: "We couldn't reach the server. Check your connection and try again.",
  serverFault: "Something went wrong on our side. Please try again in a moment.",
} as const;

export type LoadFailure = { isNotFound: boolean; message: string };

export function describeLoadFailure(error: unknown): LoadFailure {
  if (!(error instanceof ApiRequestError))
    return { isNotFound: false, message: LOAD_FAILURE_MESSAGES.serverFault };
  if (error.status === 404) return { isNotFound: true, message: error.message };
  if (error.status === 0) return { isNotFound: false, message: LOAD_FAILURE_MESSAGES.offline };
  if (error.status >= 500 || error.code === "HTTP_ERROR")
    return { isNotFound: false, message: LOAD_FAILURE_MESSAGES.serverFault };
  return { isNotFound: false, message: error.message };
}
