import { describe, expect, it } from "vitest";
import { EnvError, localBillingStartWarning, parseEnv } from "./env";

const base = { DATA_DIR: "/tmp/tend-env-test", AUTH_SECRET: "x".repeat(40) };

describe("environment validation", () => {
  it("applies the defaults", () => {
    const env = parseEnv(base);
    expect(env).toMatchObject({
      PORT: 3000,
      APP_NAME: "Tend",
      APP_URL: "http://localhost:3000",
      BILLING_PROVIDER: "local",
      TRIAL_DAYS: 14,
      RATE_LIMIT_ENABLED: true,
      ALLOW_PRIVATE_WEBHOOKS: false,
    });
    expect(parseEnv({ ...base, ALLOW_PRIVATE_WEBHOOKS: "true" }).ALLOW_PRIVATE_WEBHOOKS).toBe(true);
  });

  it("names each bad variable", () => {
    expect(() => parseEnv({ ...base, PORT: "abc", DATABASE_URL: "mysql://x" })).toThrowError(
      EnvError,
    );
    try {
      parseEnv({ ...base, PORT: "abc", DATABASE_URL: "mysql://x" });
    } catch (error) {
      expect((error as Error).message).toContain("PORT:");
      expect((error as Error).message).toContain("DATABASE_URL: must start with postgres://");
    }
  });

  it("requires the Stripe keys with the stripe provider", () => {
    expect(() => parseEnv({ ...base, BILLING_PROVIDER: "stripe" })).toThrowError(
      /STRIPE_SECRET_KEY: is required/,
    );
  });

  it("requires a secret, a public URL and SMTP in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: "/tmp/x" })).toThrowError(
      /AUTH_SECRET[\s\S]*APP_URL[\s\S]*SMTP_URL/,
    );
  });

  it("refuses test routes and the dev mailbox in production", () => {
    for (const name of ["ENABLE_TEST_ROUTES", "DEV_MAILBOX"]) {
      expect(() =>
        parseEnv({
          ...base,
          NODE_ENV: "production",
          APP_URL: "https://tend.example.com",
          SMTP_URL: "smtp://mail:25",
          [name]: "true",
        }),
      ).toThrowError(new RegExp(`${name}: must be off in production`));
    }
  });

  describe("billing in production", () => {
    const production = {
      ...base,
      NODE_ENV: "production",
      APP_URL: "https://tend.example.com",
      SMTP_URL: "smtp://mail:25",
    };

    it("must be chosen: no built-in test card by default", () => {
      expect(() => parseEnv(production)).toThrowError(
        /BILLING_PROVIDER: is required in production: stripe .* or off/,
      );
    });

    it("refuses the built-in test checkout unless explicitly allowed, naming the variable", () => {
      expect(() => parseEnv({ ...production, BILLING_PROVIDER: "local" })).toThrowError(
        /BILLING_PROVIDER: local takes the built-in test card .* ALLOW_LOCAL_BILLING_IN_PRODUCTION=true/,
      );
      const allowed = parseEnv({
        ...production,
        BILLING_PROVIDER: "local",
        ALLOW_LOCAL_BILLING_IN_PRODUCTION: "true",
      });
      expect(allowed.BILLING_PROVIDER).toBe("local");
      expect(localBillingStartWarning(allowed)).toMatch(
        /^BILLING_PROVIDER=local in production .* activates a paid account/,
      );
    });

    it("starts with off or stripe, with nothing to warn about", () => {
      const off = parseEnv({ ...production, BILLING_PROVIDER: "off" });
      expect(off.BILLING_PROVIDER).toBe("off");
      expect(localBillingStartWarning(off)).toBeNull();
      const stripe = parseEnv({
        ...production,
        BILLING_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_PRICE_ID: "price_x",
      });
      expect(localBillingStartWarning(stripe)).toBeNull();
    });

    it("keeps the built-in test checkout as the default outside production, unwarned", () => {
      const env = parseEnv(base);
      expect(env.BILLING_PROVIDER).toBe("local");
      expect(localBillingStartWarning(env)).toBeNull();
    });
  });

  it("requires the Google id and secret together", () => {
    expect(() => parseEnv({ ...base, GOOGLE_CLIENT_ID: "id" })).toThrowError(
      /GOOGLE_CLIENT_SECRET/,
    );
  });
});
