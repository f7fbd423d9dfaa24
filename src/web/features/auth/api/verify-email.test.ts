// The verification sequence's timings and outcomes (spec 01 §4, §7, §8, §9), driven through the
// real fetch calls against a scripted API with fake timers.
import { describe, expect, it, vi } from "vitest";
import type { VerificationParams } from "../lib/verification";
import { readVerificationLog } from "../../../lib/local-log";
import {
  fakeApi,
  installFakeBrowser,
  type FakeReply,
} from "../../../../../tests/helpers/fake-browser";
import { linkOrCreateSubscription, runVerification } from "./verify-email";

const LIBRARY = "GET /api/auth/verify-email";
const FALLBACK = "POST /api/verify-email";
const SESSION = "GET /api/auth/get-session";

const ok: FakeReply = { status: 200, body: { status: true } };
const expired: FakeReply = {
  status: 401,
  body: { code: "TOKEN_EXPIRED", message: "Token expired" },
};
const invalid: FakeReply = {
  status: 401,
  body: { code: "INVALID_TOKEN", message: "Invalid token" },
};
const serverFault: FakeReply = {
  status: 500,
  body: { error: { code: "INTERNAL", message: "Something went wrong", requestId: "r1" } },
};
const fallbackFailure: FakeReply = {
  status: 400,
  body: {
    msg: "Verification failed",
    error: { code: "VERIFICATION_FAILED", message: "Verification failed" },
  },
};
const session: FakeReply = {
  status: 200,
  body: { session: { id: "s1" }, user: { id: "u1", email: "ada@example.com" } },
};
const noSession: FakeReply = { status: 200, body: null };

function params(patch: Partial<VerificationParams> = {}): VerificationParams {
  return {
    token: "tok-1",
    type: "signup",
    email: "ada@example.com",
    next: null,
    error: null,
    sessionId: null,
    ...patch,
  };
}

// Runs the sequence to its end on the fake clock; `endedAtMs` is when it returned.
async function verify(input: VerificationParams) {
  const startedAt = Date.now();
  const promise = runVerification(input);
  await vi.runAllTimersAsync();
  const outcome = await promise;
  return { outcome, endedAtMs: Date.now() - startedAt };
}

function loggedSteps(): string[] {
  return readVerificationLog().map((e) => (e.detail ? `${e.step}: ${e.detail}` : e.step));
}

installFakeBrowser();

describe("runVerification", () => {
  it("verifies on the first attempt and reads the session once", async () => {
    const api = fakeApi({ [LIBRARY]: [ok], [SESSION]: [session] });
    const { outcome, endedAtMs } = await verify(params());
    expect(outcome).toEqual({ kind: "verified", user: { id: "u1", email: "ada@example.com" } });
    expect(api.routes()).toEqual([LIBRARY, SESSION]);
    expect(api.calls[0]!.url).toBe("/api/auth/verify-email?token=tok-1");
    expect(endedAtMs).toBe(0);
  });

  it("retries the library verify 1 s apart and stops at the first success", async () => {
    const api = fakeApi({ [LIBRARY]: [serverFault, "network-error", ok], [SESSION]: [session] });
    const { outcome } = await verify(params());
    expect(outcome.kind).toBe("verified");
    expect(api.times(LIBRARY)).toEqual([0, 1000, 2000]);
    expect(api.times(FALLBACK)).toEqual([]);
    expect(api.times(SESSION)).toEqual([2000]);
  });

  it.each([
    ["expired", expired],
    ["invalid", invalid],
  ])("stops at once on an %s token, with no fallback and no waiting", async (category, reply) => {
    const api = fakeApi({ [LIBRARY]: [reply] });
    const { outcome, endedAtMs } = await verify(params());
    expect(outcome).toEqual({ kind: "failed", category });
    expect(api.routes()).toEqual([LIBRARY]);
    expect(endedAtMs).toBe(0);
  });

  it("after 3 other failures calls the direct fallback, then polls the session every 0.5 s", async () => {
    const api = fakeApi({
      [LIBRARY]: [serverFault],
      [FALLBACK]: [{ status: 200, body: { ok: true } }],
      [SESSION]: [noSession, noSession, session],
    });
    const { outcome, endedAtMs } = await verify(params({ token: "tok-2" }));
    expect(outcome).toEqual({ kind: "verified", user: { id: "u1", email: "ada@example.com" } });
    expect(api.times(LIBRARY)).toEqual([0, 1000, 2000]);
    expect(api.times(FALLBACK)).toEqual([2000]);
    expect(api.calls.find((c) => c.route === FALLBACK)!.body).toEqual({
      type: "signup",
      token: "tok-2",
      token_hash: "tok-2",
    });
    expect(api.times(SESSION)).toEqual([2000, 2500, 3000]);
    expect(endedAtMs).toBe(3000);
  });

  it("gives up after 6 session polls 0.5 s apart: no_session", async () => {
    const api = fakeApi({
      [LIBRARY]: [serverFault],
      [FALLBACK]: [{ status: 200, body: { ok: true } }],
      [SESSION]: [noSession],
    });
    const { outcome, endedAtMs } = await verify(params());
    expect(outcome).toEqual({ kind: "no_session" });
    expect(api.times(SESSION)).toEqual([2000, 2500, 3000, 3500, 4000, 4500]);
    expect(endedAtMs).toBe(4500);
    expect(loggedSteps()).toContain(
      "failed: No session returned from verification after all retries",
    );
  });

  it("also polls 6 times when the library verified but no session appears", async () => {
    const api = fakeApi({ [LIBRARY]: [ok], [SESSION]: [serverFault] });
    const { outcome } = await verify(params());
    expect(outcome).toEqual({ kind: "no_session" });
    expect(api.times(SESSION)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
  });

  it.each<[string, string, FakeReply]>([
    ["a 400 with msg", "unknown", fallbackFailure],
    [
      "a 400 naming an invalid token",
      "invalid",
      {
        status: 400,
        body: { msg: "Invalid token", error: { code: "INVALID_TOKEN", message: "Invalid token" } },
      },
    ],
    [
      "a 400 naming an expired token",
      "expired",
      {
        status: 400,
        body: { msg: "Token expired", error: { code: "TOKEN_EXPIRED", message: "Token expired" } },
      },
    ],
    ["a server fault (5xx)", "server", serverFault],
    ["a 503 without our error shape", "server", { status: 503, body: { message: "unavailable" } }],
    ["no network", "network", "network-error"],
  ])(
    "a failed fallback (%s) is category %s, with no session polling",
    async (_label, category, reply) => {
      const api = fakeApi({ [LIBRARY]: [serverFault], [FALLBACK]: [reply] });
      const { outcome, endedAtMs } = await verify(params());
      expect(outcome).toEqual({ kind: "failed", category });
      expect(api.routes()).toEqual([LIBRARY, LIBRARY, LIBRARY, FALLBACK]);
      expect(endedAtMs).toBe(2000);
      expect(loggedSteps()).toContain("failed: Verification failed after all retry attempts");
    },
  );

  it("is category network when the server cannot be reached at all", async () => {
    const api = fakeApi({ [LIBRARY]: ["network-error"], [FALLBACK]: ["network-error"] });
    const { outcome } = await verify(params());
    expect(outcome).toEqual({ kind: "failed", category: "network" });
    expect(api.times(LIBRARY)).toEqual([0, 1000, 2000]);
  });

  it("a link that carries an error fails with its category and calls nothing", async () => {
    const api = fakeApi({});
    const { outcome } = await verify(params({ error: "TOKEN_EXPIRED" }));
    expect(outcome).toEqual({ kind: "failed", category: "expired" });
    expect(api.routes()).toEqual([]);
  });

  it("without a token continues a signed-in session, and otherwise waits", async () => {
    fakeApi({ [SESSION]: [session] });
    expect((await verify(params({ token: null }))).outcome).toEqual({
      kind: "verified",
      user: { id: "u1", email: "ada@example.com" },
    });
    const api = fakeApi({ [SESSION]: [noSession] });
    expect((await verify(params({ token: null }))).outcome).toEqual({ kind: "wait" });
    expect(api.routes()).toEqual([SESSION]);
  });

  it("logs each step to the local verification log", async () => {
    fakeApi({ [LIBRARY]: [serverFault, ok], [SESSION]: [session] });
    await verify(params());
    expect(loggedSteps()).toEqual([
      "start: token present",
      "verify attempt 1: 500 INTERNAL",
      "verify attempt 2: ok",
      "verified: ada@example.com",
    ]);
  });
});

describe("linkOrCreateSubscription", () => {
  it("sends the checkout session id when there is one and reports success", async () => {
    const api = fakeApi({
      "POST /api/billing/onboarding-subscription": [{ status: 200, body: {} }],
    });
    expect(await linkOrCreateSubscription("cs_1")).toBe(true);
    expect(await linkOrCreateSubscription(null)).toBe(true);
    expect(api.calls.map((c) => c.body)).toEqual([{ sessionId: "cs_1" }, {}]);
  });

  it("reports a failure instead of throwing", async () => {
    fakeApi({ "POST /api/billing/onboarding-subscription": [serverFault] });
    expect(await linkOrCreateSubscription("cs_1")).toBe(false);
    expect(loggedSteps()).toContain("subscription link failed: Something went wrong");
  });
});
