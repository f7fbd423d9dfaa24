// Better Auth's phone-number errors, in words a person can act on.
type AuthError = { message?: string; code?: string; status?: number };

const BY_CODE: Record<string, string> = {
  INVALID_OTP: "That code is not right. Check the text message and try again.",
  OTP_EXPIRED: "That code has expired. Send a new code.",
  OTP_NOT_FOUND: "That code has expired or was already used. Send a new code.",
  TOO_MANY_ATTEMPTS: "Too many wrong codes. Send a new code.",
};

export function phoneCodeErrorMessage(error: AuthError): string {
  if (error.status === 429) return "Too many requests. Please wait a minute and try again.";
  return (error.code && BY_CODE[error.code]) || error.message || "An unexpected error occurred";
}
