// buildApp(): the whole HTTP application, registered explicitly. main.ts listens; tests inject.
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from "fastify";
import swagger from "@fastify/swagger";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Mailer } from "./adapters/mail";
import type { SmsSender } from "./adapters/sms";
import { startDatabase, type Database, type Db } from "./db/client";
import type { Env } from "./env";
import { accountRoutes } from "./features/account/account.routes";
import { apiTokenRoutes } from "./features/api-tokens/api-tokens.routes";
import { countEventsWritten } from "./features/webhooks/webhooks.public";
import { webhookRoutes } from "./features/webhooks/webhooks.routes";
import { v1Routes } from "./features/api-v1/v1.routes";
import { mcpRoutes } from "./features/mcp/mcp.routes";
import { tokenAuthPlugin } from "./features/api-tokens/token-auth";
import { createAuth } from "./features/auth/auth";
import { SessionCacheGuard } from "./features/auth/session-cache";
import { avatarRoutes } from "./features/avatars/avatars.routes";
import { billingContextPlugin } from "./features/billing/billing-context";
import { billingRoutes } from "./features/billing/billing.routes";
import { authEventRoutes } from "./features/auth/auth-events.routes";
import { verifyRoutes } from "./features/auth/verify.routes";
import { onboardingRoutes } from "./features/onboarding/onboarding.routes";
import { settingsRoutes } from "./features/settings/settings.routes";
import { configRoutes } from "./features/config/config.routes";
import { contactsRoutes } from "./features/contacts/contacts.routes";
import { devMailboxRoutes } from "./features/dev-mailbox/dev-mailbox.routes";
import { healthRoutes } from "./features/health/health.routes";
import { importExportRoutes } from "./features/import-export/import-export.routes";
import { mapRoutes } from "./features/map/map.routes";
import { leadsRoutes } from "./features/leads/leads.routes";
import { davRoutes } from "./features/dav/dav.routes";
import { devicesRoutes } from "./features/dav/devices.routes";
import { notificationsStreamRoutes } from "./features/notifications/notifications-stream.routes";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import type { OutboxSender } from "./features/outbox/outbox-sender";
import { placesRoutes } from "./features/places/places.routes";
import { backfillContactTimeZones } from "./features/places/places.public";
import { oneTapRoutes } from "./features/reminders/one-tap.routes";
import { remindersRoutes } from "./features/reminders/reminders.routes";
import { channelsRoutes } from "./features/channels/channels.routes";
import { urlChannelsRoutes } from "./features/channels/url-channels.routes";
import { pushRoutes } from "./features/push/push.routes";
import { whatsAppRoutes } from "./features/channels/whatsapp.routes";
import { telegramRoutes } from "./features/channels/telegram.routes";
import { calendarRoutes } from "./features/reminders/calendar.routes";
import { createInboundDeps } from "./features/replies/inbound-mail";
import { inboundRoutes } from "./features/replies/inbound.routes";
import { mailgunRoutes } from "./features/replies/mailgun.routes";
import { repliesRoutes } from "./features/replies/replies.routes";
import { testClockScopePlugin } from "./features/test-support/test-clock-scope";
import { testRoutes } from "./features/test-support/test.routes";
import { authPlugin } from "./plugins/auth";
import { errorsPlugin } from "./plugins/errors";
import { AppError } from "./lib/app-error";
import { createBackgroundWork, type BackgroundWork } from "./lib/background-work";
import { findJsonBodyProblem } from "./lib/json-body";
import { requestLogPlugin } from "./plugins/request-log";
import { idempotencyPlugin } from "./plugins/idempotency";
import { sameOriginPlugin } from "./plugins/same-origin";
import { listAppOrigins } from "./lib/app-origins";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { createServices, type Clock, type Services } from "./services";
import type { Storage } from "./lib/storage/storage";
import { filesRoutes } from "./features/files/files.routes";
import { feedbackRoutes } from "./features/feedback/feedback.routes";
import { profileRoutes } from "./features/profile/profile.routes";
import { metricsRoutes } from "./features/metrics/metrics.routes";
import { createExporter, type Exporter } from "./features/import-export/import-export.public";
import { createMetrics, type Metrics } from "./lib/metrics";

export type { Clock };

declare module "fastify" {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    mailer: Mailer;
    sms: SmsSender;
    outbox: OutboxSender;
    services: Services;
    appUrl: string;
    clock: Clock;
    /** Every route as registered ("GET /api/contacts/:id"); the test sweeps start from it. */
    routeInventory: readonly string[];
    storage: Storage;
    /** The Prometheus registry when METRICS_TOKEN is set (GET /metrics), else null. */
    metrics: Metrics | null;
    /** Work done after a request's answer (a password-reset request's lookup and mail). */
    background: BackgroundWork;
    /** Set on SIGTERM (main.ts): /readyz answers 503 while requests are still served. */
    lifecycle: { isDraining: boolean };
    /** Export files, written in one pool of worker threads shared by the app's and /api/v1's routes. */
    exporter: Exporter;
  }
}

export type BuildAppOptions = {
  env: Env;
  /** A database the caller opened and closes itself (tests); the app migrates none. */
  database?: Database;
  /** The app's own database, which it migrates and closes: main.ts starts it before the app's
   * modules load. Without either, the app starts its own. */
  ownDatabase?: Database;
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL, stream: options.logStream },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // One-tap and unsubscribe tokens are ~260 characters; the router's default limit (100)
    // made /r/:token and /unsubscribe/:token fall through to the SPA.
    routerOptions: { maxParamLength: 1000 },
    genReqId: () => crypto.randomUUID(),
    // plugins/request-log.ts writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeInventory: string[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeInventory.push(`${method} ${route.url}`);
    }
  });
  app.decorate("routeInventory", routeInventory);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    options.ownDatabase ??
    startDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // The migrations run while the routes register (nothing below queries the database until it
  // is ready), and are awaited before the app is handed back.
  const migrating = ownsDatabase ? database.migrate() : Promise.resolve();
  migrating.catch(() => undefined);
  try {
    await registerEverything(app, options, database, ownsDatabase);
  } catch (error) {
    // An app that failed to register never runs: its migrations finish rather than being cut
    // off mid-transaction by the process exiting, and the database it owns closes.
    await migrating.catch(() => undefined);
    if (ownsDatabase) await database.close();
    throw error;
  }
  await migrating;
  if (ownsDatabase) fillContactTimeZones(app, database);
  return app;
}

// Contacts placed before zones were kept get theirs in the background, not in the migration:
// the zone comes from boundary data the SQL cannot read.
function fillContactTimeZones(app: FastifyInstance, database: Database): void {
  backfillContactTimeZones(database.db)
    .then((filled) => {
      if (filled > 0) app.log.info({ filled }, "contacts given a time zone from their place");
    })
    .catch((error: unknown) => app.log.warn({ err: error }, "time zone backfill stopped"));
}

function isTokenRoute(url: string): boolean {
  return url.startsWith("/api/v1/") || url === "/mcp";
}

async function refuseUnsafeJsonBody(request: FastifyRequest): Promise<void> {
  const problem = findJsonBodyProblem(request.body);
  if (problem) throw new AppError("BAD_REQUEST", problem);
}

/** Everything the app decorates, hooks and registers on top of its database. */
async function registerEverything(
  app: FastifyInstance,
  options: BuildAppOptions,
  database: Database,
  ownsDatabase: boolean,
): Promise<void> {
  const { env } = options;
  const services = createServices({ env, database, log: app.log });
  const { mailer, sms, clock } = services;
  const background = createBackgroundWork(app.log);
  app.addHook("onClose", async () => {
    // Queued work and deliveries in progress finish (and are recorded) before the database closes.
    await background.settle();
    await services.outbox.close();
    if (ownsDatabase) await database.close();
  });
  app.decorate("env", env);
  app.decorate("db", database.db);
  app.decorate("database", database);
  app.decorate("mailer", mailer);
  app.decorate("sms", sms);
  app.decorate("outbox", services.outbox);
  app.decorate("services", services);
  app.decorate("appUrl", env.APP_URL);
  app.decorate("clock", clock);
  app.decorate("storage", services.storage);
  app.decorate("metrics", env.METRICS_TOKEN ? createMetrics() : null);
  app.decorate("lifecycle", { isDraining: false });
  app.decorate("background", background);
  app.decorate("exporter", createExporter(app));

  // A change that wrote webhook events has committed by the time its answer is sent.
  const eventsAtStart = new WeakMap<object, number>();
  app.addHook("onRequest", async (request) => {
    eventsAtStart.set(request, countEventsWritten());
  });
  app.addHook("onResponse", async (request) => {
    if (countEventsWritten() > (eventsAtStart.get(request) ?? Infinity)) services.outbox.kick();
  });
  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  // Each route checks its body first thing before validation, after the sign-in gate that
  // plugins/auth.ts puts in front, so a signed-out caller hears 401 whatever it sent.
  app.addHook("onRoute", (route) => {
    route.preValidation = [refuseUnsafeJsonBody, ...[route.preValidation ?? []].flat()];
  });
  await app.register(idempotencyPlugin);
  await app.register(metricsRoutes);
  await app.register(sameOriginPlugin, {
    origins: listAppOrigins(env.APP_URL, env.NODE_ENV === "production"),
  });
  await app.register(securityPlugin, {
    isRateLimited: env.RATE_LIMIT_ENABLED,
    apiRequestsPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    isProduction: env.NODE_ENV === "production",
    mapOrigin: env.MAP_STYLE_URL
      ? new URL(env.MAP_STYLE_URL.replaceAll("{style}", "x")).origin
      : null,
  });
  await app.register(swagger, {
    openapi: { info: { title: `${env.APP_NAME} API`, version: "1" } },
    // The token API has a document of its own (/api/v1/openapi.json).
    transform: (args) =>
      isTokenRoute(args.url)
        ? { schema: { hide: true }, url: args.url }
        : jsonSchemaTransform(args),
  });
  const sessionGuard = new SessionCacheGuard();
  await app.register(authPlugin, {
    auth: createAuth({
      env,
      db: database.db,
      mailer,
      sms,
      logger: app.log,
      sessionGuard,
      background,
    }),
    sessionGuard,
  });

  await app.register(tokenAuthPlugin, { perMinute: env.API_TOKEN_REQUESTS_PER_MINUTE });
  await app.register(billingContextPlugin);
  if (env.ENABLE_TEST_ROUTES) await app.register(testClockScopePlugin);
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(accountRoutes);
  await app.register(apiTokenRoutes);
  await app.register(webhookRoutes);
  await app.register(authEventRoutes);
  await app.register(verifyRoutes);
  await app.register(avatarRoutes);
  await app.register(filesRoutes);
  await app.register(feedbackRoutes);
  await app.register(profileRoutes);
  await app.register(billingRoutes);
  await app.register(leadsRoutes);
  await app.register(onboardingRoutes);
  await app.register(settingsRoutes);
  await app.register(contactsRoutes);
  await app.register(importExportRoutes);
  await app.register(placesRoutes);
  await app.register(remindersRoutes);
  await app.register(channelsRoutes);
  await app.register(urlChannelsRoutes);
  await app.register(pushRoutes);
  await app.register(oneTapRoutes);
  await app.register(calendarRoutes);
  await app.register(devicesRoutes);
  await app.register(davRoutes);
  // The Twilio webhook and the replies API read with the same reader as the SMTP listener.
  const inbound = createInboundDeps(services, app.log);
  await app.register(repliesRoutes, { inbound });
  await app.register(inboundRoutes, { inbound });
  await app.register(mailgunRoutes, { inbound });
  await app.register(whatsAppRoutes, { inbound });
  await app.register(telegramRoutes, { inbound });
  await app.register(notificationsRoutes);
  await app.register(notificationsStreamRoutes);
  await app.register(mapRoutes);
  await app.register(v1Routes);
  await app.register(mcpRoutes);
  if (env.NODE_ENV !== "production") await app.register(devMailboxRoutes);
  if (env.ENABLE_TEST_ROUTES) await app.register(testRoutes);

  // The route map helps an attacker more than a user of a production server: opt in there.
  if (env.API_DOCS ?? env.NODE_ENV !== "production") {
    app.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
    app.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  }
  if (options.serveWeb !== false)
    await app.register(spaPlugin, {
      distDir: env.WEB_DIST_DIR,
      serveSourceMaps: env.NODE_ENV !== "production",
    });
}
