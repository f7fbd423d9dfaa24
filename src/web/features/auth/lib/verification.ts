// Email verification: accepted link parameters and the error categories of spec 01 §8.
export const VERIFICATION_CATEGORIES = [
  "expired",
  "invalid",
  "network",
  "server",
  "unknown",
] as const;
export type VerificationCategory = (typeof VERIFICATION_CATEGORIES)[number];

export const VERIFICATION_MESSAGES: Record<
  VerificationCategory,
  { message: string; isRetryable: boolean }
> = {
  expired: {
    message: "This verification link has expired. Please request a new verification email.",
    isRetryable: false,
  },
  invalid: {
    message:
      "This verification link is invalid. Please check the link or request a new verification email.",
    isRetryable: false,
  },
  // The spec leaves these two texts open; ours say what happened and what to do.
  network: {
    message:
      "We couldn't reach the server to verify your email. Check your connection and open the link again.",
    isRetryable: true,
  },
  server: {
    message:
      "Our server had a problem verifying your email. Please open the link again in a few moments.",
    isRetryable: true,
  },
  unknown: {
    message:
      "An unexpected error occurred during verification. Please try again or contact support.",
    isRetryable: true,
  },
};

export const NO_SESSION_MESSAGE =
  "Your email is verified, but we couldn't sign you in automatically. Please sign in with your email and password.";

export function parseVerificationCategory(value: string | null | undefined): VerificationCategory {
  return (VERIFICATION_CATEGORIES as readonly string[]).includes(value ?? "")
    ? (value as VerificationCategory)
    : "unknown";
}

// Maps what the verify endpoint answered to a category.
export function categorizeVerificationFailure(input: {
  status?: number;
  code?: string;
}): VerificationCategory {
  const code = (input.code ?? "").toUpperCase();
  if (code.includes("EXPIRED")) return "expired";
  if (code.includes("INVALID") || code.includes("USER_NOT_FOUND")) return "invalid";
  if (input.status === 0 || code === "NETWORK") return "network";
  if (input.status !== undefined && input.status >= 500) return "server";
  return "unknown";
}

export type VerificationParams = {
  token: string | null;
  type: string | null;
  email: string | null;
  next: string | null;
  error: string | null;
  sessionId: string | null;
};

// Query parameters accepted: token_hash, confirmation_token, token, verification_code, code,
// type, email, next, error, session_id; a hash with token_hash, type and email is accepted too.
export function readVerificationParams(search: string, hash: string): VerificationParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const pick = (...keys: string[]) => {
    for (const source of [query, fragment]) {
      for (const key of keys) {
        const value = source.get(key);
        if (value) return value;
      }
    }
    return null;
  };
  return {
    token: pick("token_hash", "token", "confirmation_token", "verification_code", "code"),
    type: pick("type"),
    email: pick("email"),
    next: pick("next"),
    error: pick("error"),
    sessionId: pick("session_id"),
  };
}
