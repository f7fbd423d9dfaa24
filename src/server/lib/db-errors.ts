// Turns a unique-constraint violation that slipped past a service's own check (two requests
// racing for the same value) into the 409 the check would have given.
import { AppError } from "./app-error";

const UNIQUE_MESSAGES: Record<string, { message: string; field?: string }> = {
  users_phoneNumber_unique: {
    message: "That phone number is already used by another account.",
    field: "phoneNumber",
  },
  users_email_unique: { message: "An account with this email already exists.", field: "email" },
};

export function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^\d{5}$|^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function toConflictError(error: unknown): AppError | undefined {
  const pgError = findPgError(error);
  if (pgError?.code !== "23505") return undefined;
  const known = pgError.constraint ? UNIQUE_MESSAGES[pgError.constraint] : undefined;
  if (known) {
    return new AppError(
      "CONFLICT",
      known.message,
      known.field ? { [known.field]: "Already in use" } : undefined,
    );
  }
  return new AppError(
    "CONFLICT",
    "That was changed at the same moment elsewhere. Please refresh and try again.",
  );
}
