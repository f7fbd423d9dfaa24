// The one error shape every /api response uses, and the codes behind it.
import { z } from "zod";

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A provider's post Tend will never take: told not to send it again (Mailgun's 406). */
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  /** The first request with this Idempotency-Key is still being handled. */
  CHANGE_IN_PROGRESS: 409,
  /** If-Match named a version of the resource that is no longer current. */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LIMIT_REACHED: 422,
  /** An Idempotency-Key sent again with a different change. */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
