// What billing needs from the app, made once and shared as `app.billing` (the 402 check of
// requirePaidUser reads it too).
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Mailer } from "../../adapters/mail";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { BillingProvider } from "./billing-provider";
import { createBillingProvider } from "./providers";

export type BillingContext = {
  db: Db;
  env: Env;
  now: () => Date;
  provider: BillingProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Every route guarded by requirePaidUser (filled as routes are registered; for tests/docs). */
  paidRoutes: { method: string; url: string }[];
};

declare module "fastify" {
  interface FastifyInstance {
    billing: BillingContext;
  }
}

export const billingContextPlugin = fp(
  async (app: FastifyInstance, opts: { provider?: BillingProvider }) => {
    const now = () => app.clock.now();
    const paidRoutes: BillingContext["paidRoutes"] = [];
    app.addHook("onRoute", (route) => {
      const handlers = [route.preHandler ?? [], route.preValidation ?? []].flat();
      if (!handlers.includes(app.requirePaidUser)) return;
      for (const method of [route.method].flat()) paidRoutes.push({ method, url: route.url });
    });
    app.decorate("billing", {
      db: app.db,
      env: app.env,
      now,
      provider: opts.provider ?? createBillingProvider({ env: app.env, db: app.db, now }),
      mailer: app.mailer,
      log: app.log,
      paidRoutes,
    });
  },
);
