// Better Auth's log lines, into our structured log. They can quote what a caller sent (a
// callback URL, an email), so long strings are cut, and its "error" level (a refused request,
// not a fault: faults reach our log through onAPIError) is written as a warning.
import type { AuthLogger } from "./auth";

export const AUTH_LOG_STRING_MAX = 200;

function truncate(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    return value.length > AUTH_LOG_STRING_MAX
      ? `${value.slice(0, AUTH_LOG_STRING_MAX)}… (${value.length} characters)`
      : value;
  }
  if (depth > 3 || typeof value !== "object" || value === null || value instanceof Error)
    return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => truncate(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, item]) => [key, truncate(item, depth + 1)]),
  );
}

export function createAuthLog(logger: AuthLogger) {
  return (
    level: "debug" | "info" | "warn" | "error" | "success",
    message: string,
    ...args: unknown[]
  ) => {
    const to = level === "error" ? "warn" : level === "success" ? "info" : level;
    logger[to]({ args: truncate(args) }, `[auth] ${truncate(message) as string}`);
  };
}
