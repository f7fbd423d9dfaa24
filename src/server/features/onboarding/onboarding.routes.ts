// GET /api/onboarding (prefill) and POST /api/onboarding/complete. Signed-in and verified users
// only; no subscription needed (onboarding comes before the subscription checks).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  OnboardingCompleteResultSchema,
  OnboardingCompleteSchema,
  OnboardingStateSchema,
} from "../../../core/onboarding-schemas";
import { toWebHeaders } from "../../plugins/auth";
import { completeOnboarding, getOnboardingState } from "./onboarding.service";

export async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // SMS verification is started after the data is saved: a failed send must not undo onboarding.
  async function startPhoneVerification(request: FastifyRequest, phoneNumber: string) {
    try {
      await app.auth.api.sendPhoneNumberOTP({
        body: { phoneNumber },
        headers: toWebHeaders(request),
      });
      return true;
    } catch (error) {
      request.log.warn({ err: error }, "could not start phone verification after onboarding");
      return false;
    }
  }

  app.get(
    "/api/onboarding",
    { preHandler: app.requireUser, schema: { response: { 200: OnboardingStateSchema } } },
    async (request) => getOnboardingState(app.db, request.user.id),
  );

  app.post(
    "/api/onboarding/complete",
    {
      preHandler: app.requireUser,
      // Each completion may text a code: keep it well below the general API limit.
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        body: OnboardingCompleteSchema,
        response: { 200: OnboardingCompleteResultSchema },
      },
    },
    async (request) => {
      const outcome = await completeOnboarding(app.db, {
        userId: request.user.id,
        input: request.body,
        now: app.clock.now(),
      });
      // Name and phone number were written outside Better Auth: its cookie copies are stale.
      app.forgetCachedSessions(request.user.id);
      const { needsPhoneVerification, ...result } = outcome;
      const smsVerificationSent =
        needsPhoneVerification && result.phoneNumber
          ? await startPhoneVerification(request, result.phoneNumber)
          : false;
      return { ...result, smsVerificationSent };
    },
  );
}
