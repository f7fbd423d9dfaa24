// Environment, validated once at boot; a bad variable stops the process with a message naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BILLING_PROVIDERS, type BillingProviderName } from "../core/billing";
import { DEFAULT_TRIAL_DAYS } from "../core/constants";

const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    APP_NAME: z.string().min(1).default("Tend"),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** One origin for Google's consent page and token endpoint; tests use a local stand-in. */
    GOOGLE_OAUTH_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().optional(),
    SUPPORT_EMAIL: z.email().default("support@tend.local"),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_API_URL: z.url().default("https://api.twilio.com"),
    /** Inbound mail (replies to digests, forwarded mail): the SMTP listener's port; off when unset. */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    INBOUND_SMTP_HOST: z.string().min(1).default("127.0.0.1"),
    /** PEM files that turn STARTTLS on for the listener (both or neither). */
    INBOUND_SMTP_TLS_KEY: z.string().min(1).optional(),
    INBOUND_SMTP_TLS_CERT: z.string().min(1).optional(),
    /** SPF, DKIM and DMARC at the listener; off only behind a relay that checks them itself. */
    INBOUND_SMTP_SENDER_CHECK: booleanString.default(true),
    /** A mailbox Tend reads for inbound mail: imap://user:password@host:143/INBOX (?move=Folder). */
    INBOUND_IMAP_URL: z
      .string()
      .regex(/^imaps?:\/\/[^/]+@[^/]+/i, "must look like imap://user:password@host:143/INBOX")
      .optional(),
    /** Mailgun's HTTP webhook signing key: turns on POST /api/inbound/email/mailgun. */
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(1).optional(),
    /** The domain of reply+…@ and log+…@ addresses; APP_URL's host by default. */
    INBOUND_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, "must be a domain name, like tend.example.com")
      .optional(),
    /** Telegram reminders (issue 49): the bot's token from @BotFather; off when unset. */
    TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
    TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
    /** Telegram pushes updates to /api/inbound/telegram instead of being long-polled (https only). */
    TELEGRAM_WEBHOOK: booleanString.default(false),
    /** WhatsApp reminders through the Cloud API: all of these, or none. */
    WHATSAPP_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
    /** The approved message template the digest goes as (business-initiated messages need one). */
    WHATSAPP_TEMPLATE: z.string().min(1).optional(),
    WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v23.0"),
    /** Outside production `local` by default; production names it (see superRefine). */
    BILLING_PROVIDER: z.enum(BILLING_PROVIDERS).optional(),
    ALLOW_LOCAL_BILLING_IN_PRODUCTION: booleanString.default(false),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_ID: z.string().optional(),
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.coerce.number().int().optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_TRIAL_DAYS),
    RATE_LIMIT_ENABLED: booleanString.default(true),
    /** The general per-IP limit on /api requests (auth endpoints keep their stricter own). */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Requests per personal access token per minute on /api/v1 and /mcp (RateLimit-* headers). */
    API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
    /** Phone sync's own limit per account (CardDAV, /dav/): past it 503 with Retry-After. */
    DAV_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6000),
    TRUST_PROXY: booleanString.default(false),
    SCHEDULER_ENABLED: booleanString.default(true),
    SCHEDULER_INTERVAL_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
    OUTBOX_INTERVAL_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
    OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    /** Days a sent or failed message keeps its body (subject, text, HTML); its status stays. */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** How often open notification streams re-check the table and their session. */
    NOTIFICATIONS_STREAM_POLL_MS: z.coerce.number().int().min(50).max(300_000).default(30_000),
    /** SSE comment lines that keep proxies from closing an idle notification stream. */
    NOTIFICATIONS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
    /** GET /metrics answers (Prometheus text) only to requests carrying this bearer token. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    ENABLE_TEST_ROUTES: booleanString.default(false),
    DEV_MAILBOX: booleanString.default(false),
    /** Serve the OpenAPI document at /api/docs; on by default outside production only. */
    API_DOCS: booleanString.optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** On SIGTERM, how long /readyz answers 503 while requests are still served (rolling restarts). */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    WEB_DIST_DIR: z.string().default("./dist/web"),
    MAP_STYLE_URL: z.url().optional(),
    /** The map vendor's public access token, handed to signed-in browsers by /api/map/config. */
    MAP_TOKEN: z.string().min(1).optional(),
    // Offline gazetteer by default; a vendor only when configured (docs/decisions/100).
    GEOCODER: z.enum(["offline", "mapbox"]).default("offline"),
    GEOCODER_KEY: z.string().min(1).optional(),
    GEOCODER_URL: z.url().default("https://api.mapbox.com"),
    // Uploaded files go to S3-compatible storage when S3_BUCKET is set, else under DATA_DIR.
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    // Replies are read on this machine unless a model is named (decision 242): any
    // OpenAI-compatible chat-completions server, e.g. http://127.0.0.1:11434/v1 for Ollama.
    AI_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).max(200).optional(),
    /** Webhook and ntfy URLs may point at loopback and private networks (lib/safe-fetch.ts). */
    ALLOW_PRIVATE_WEBHOOKS: booleanString.default(false),
    /** Web Push's VAPID key pair (base64url); generated once into DATA_DIR when unset. */
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    /** Who push services may contact: a mailto: or https: address; APP_URL or SUPPORT_EMAIL by default. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// address")
      .optional(),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, why: string) => {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `is required ${why}` });
    };
    if (env.BILLING_PROVIDER === "stripe") {
      need("STRIPE_SECRET_KEY", "when BILLING_PROVIDER=stripe");
      need("STRIPE_WEBHOOK_SECRET", "when BILLING_PROVIDER=stripe");
      need("STRIPE_PRICE_ID", "when BILLING_PROVIDER=stripe");
    }
    if (env.GEOCODER === "mapbox") need("GEOCODER_KEY", "when GEOCODER=mapbox (an access token)");
    if (env.NODE_ENV === "production") {
      need("AUTH_SECRET", "in production (32+ random characters)");
      need("APP_URL", "in production (the public address, e.g. https://tend.example.com)");
      need("SMTP_URL", "in production (there is no dev mailbox in production)");
      if (!env.BILLING_PROVIDER) {
        ctx.addIssue({
          code: "custom",
          path: ["BILLING_PROVIDER"],
          message:
            "is required in production: stripe (real payments, with the STRIPE_* keys) or off (every verified user has full access)",
        });
      } else if (env.BILLING_PROVIDER === "local" && !env.ALLOW_LOCAL_BILLING_IN_PRODUCTION) {
        ctx.addIssue({
          code: "custom",
          path: ["BILLING_PROVIDER"],
          message:
            "local takes the built-in test card 4242 4242 4242 4242 as payment, so it is refused in production: choose stripe or off, or set ALLOW_LOCAL_BILLING_IN_PRODUCTION=true for a demo server",
        });
      }
      // Test switches; GOOGLE_OAUTH_URL would send Google's client secret to another host.
      for (const name of ["ENABLE_TEST_ROUTES", "DEV_MAILBOX", "GOOGLE_OAUTH_URL"] as const) {
        if (env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "must be off in production" });
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
    if (Boolean(env.AI_API_URL) !== Boolean(env.AI_MODEL)) {
      ctx.addIssue({
        code: "custom",
        path: [env.AI_API_URL ? "AI_MODEL" : "AI_API_URL"],
        message:
          "AI_API_URL and AI_MODEL must be set together (or neither, to read replies on this machine)",
      });
    }
    if (Boolean(env.INBOUND_SMTP_TLS_KEY) !== Boolean(env.INBOUND_SMTP_TLS_CERT)) {
      ctx.addIssue({
        code: "custom",
        path: ["INBOUND_SMTP_TLS_CERT"],
        message: "INBOUND_SMTP_TLS_KEY and INBOUND_SMTP_TLS_CERT must be set together",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message:
          "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to generate a pair in DATA_DIR)",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      });
    }
  });

export type Env = Omit<z.infer<typeof EnvSchema>, "BILLING_PROVIDER" | "INBOUND_DOMAIN"> & {
  APP_URL: string;
  INBOUND_DOMAIN: string;
  AUTH_SECRET: string;
  BILLING_PROVIDER: BillingProviderName;
};

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    APP_URL: appUrl,
    INBOUND_DOMAIN: (env.INBOUND_DOMAIN ?? new URL(appUrl).hostname).toLowerCase(),
    BILLING_PROVIDER: env.BILLING_PROVIDER ?? "local",
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateDevSecret(env.DATA_DIR),
  };
}

// Outside production the secret is generated once and kept beside the data, so sessions and
// verification links survive a restart without any set-up.
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What to warn about at start, or null: production taking the built-in test card as payment. */
export function localBillingStartWarning(
  env: Pick<Env, "NODE_ENV" | "BILLING_PROVIDER">,
): string | null {
  if (env.NODE_ENV !== "production" || env.BILLING_PROVIDER !== "local") return null;
  return "BILLING_PROVIDER=local in production (ALLOW_LOCAL_BILLING_IN_PRODUCTION=true): the built-in test card 4242 4242 4242 4242 activates a paid account and no money moves. Use it only for a demo; set BILLING_PROVIDER=stripe to take payments, or off to let every verified user in.";
}

// For entry points: a bad environment prints what is wrong and exits, with no stack trace.
export function loadEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
