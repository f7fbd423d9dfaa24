import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PLAN_PRICE_USD } from "../../../core/constants";
import { PublicConfigSchema } from "../../../core/public-config";

export async function configRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { env } = app;
  app.get("/api/config", { schema: { response: { 200: PublicConfigSchema } } }, async () => ({
    appName: env.APP_NAME,
    appUrl: env.APP_URL,
    isGoogleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    billingProvider: env.BILLING_PROVIDER,
    supportEmail: env.SUPPORT_EMAIL,
    trialDays: env.TRIAL_DAYS,
    planPriceUsd: PLAN_PRICE_USD,
    hasDevMailbox: env.NODE_ENV !== "production" && app.mailer.isDevMailbox,
    mapStyleUrl: env.MAP_STYLE_URL ?? null,
  }));
}
