// What Better Auth's own routes may store on a user: a name as long as anywhere else in Tend and
// an image address of URL length. Every answer to a signed-in user carries a signed copy of the
// user in a cookie, so an unbounded field would make every answer too large to read.
import type { createAuthMiddleware } from "better-auth/api";
import { APIError } from "better-auth/api";
import { NAME_MAX_LENGTH } from "../../../core/constants";
import { ONBOARDING_MESSAGES } from "../../../core/onboarding";

export const IMAGE_URL_MAX_LENGTH = 2048;

const USER_WRITE_PATHS = new Set(["/sign-up/email", "/update-user"]);

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function guardUserFields(ctx: Ctx): undefined {
  if (!USER_WRITE_PATHS.has(ctx.path)) return undefined;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (typeof body.name === "string" && body.name.length > NAME_MAX_LENGTH) {
    throw new APIError("BAD_REQUEST", { message: ONBOARDING_MESSAGES.nameTooLong });
  }
  if (typeof body.image === "string" && body.image.length > IMAGE_URL_MAX_LENGTH) {
    throw new APIError("BAD_REQUEST", {
      message: `An image address can be at most ${IMAGE_URL_MAX_LENGTH} characters`,
    });
  }
  return undefined;
}
