// For a describe block: the real app with SMTP_URL pointing at a fresh SMTP peer, which accepts
// everything again before each test. Read `ctx.t` and `ctx.smtp` inside the tests.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer";
import { build, type TestApp } from "./test-app";

export function useAppWithSmtp(env: Record<string, string> = {}) {
  const ctx = {} as { t: TestApp; smtp: SmtpPeer };
  beforeAll(async () => {
    ctx.smtp = await startSmtpPeer();
    ctx.t = await build({ ...env, SMTP_URL: ctx.smtp.url });
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.smtp.close();
  });
  beforeEach(() => {
    ctx.t.app.clock.offsetMs = 0;
    ctx.smtp.state.refuseWith = null;
    ctx.smtp.received.length = 0;
  });
  return ctx;
}
