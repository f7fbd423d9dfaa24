// What /verify-email does after the verification sequence (spec 01 §4): where it sends the user
// and when, and the subscription link.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VERIFICATION_CATEGORIES, type VerificationParams } from "../../../../core/verification";
import { stubApi, stubLocalStorage, type FakeReply } from "../testing/fake-browser";
import {
  completeVerification,
  failurePath,
  ONBOARDING_AFTER_VERIFICATION_PATH,
  type CompleteVerificationDeps,
} from "./complete-verification";

const LIBRARY = "GET /api/auth/verify-email";
const SESSION = "GET /api/auth/get-session";
const LINK = "POST /api/billing/onboarding-subscription";
const ME = "GET /api/me";

const session: FakeReply = {
  status: 200,
  body: { session: { id: "s1" }, user: { id: "u1", email: "ada@example.com" } },
};
const serverFault: FakeReply = {
  status: 500,
  body: { error: { code: "INTERNAL", message: "Something went wrong" } },
};

function me(onboardingCompleted: boolean): FakeReply {
  return {
    status: 200,
    body: {
      user: { id: "u1", email: "ada@example.com" },
      settings: { onboardingCompleted },
      profile: {},
    },
  };
}

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

// Runs the page's sequence on the fake clock; each effect is recorded with its time.
async function run(input: VerificationParams, patch: Partial<CompleteVerificationDeps> = {}) {
  const startedAt = Date.now();
  const events: string[] = [];
  const at = () => Date.now() - startedAt;
  const deps: CompleteVerificationDeps = {
    setView: (view) => events.push(`view ${view} @${at()}`),
    navigate: (to) => events.push(`navigate ${to} @${at()}`),
    storeMe: (user) => events.push(`store me ${user.user.id} @${at()}`),
    ...patch,
  };
  const promise = completeVerification(input, deps);
  await vi.runAllTimersAsync();
  await promise;
  return events;
}

beforeEach(() => {
  vi.useFakeTimers();
  stubLocalStorage();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("completeVerification", () => {
  it("sign-up: creates the trial, then goes to onboarding 0.5 s later", async () => {
    const api = stubApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [LINK]: [{ status: 200, body: { outcome: "trial", subscriptionStatus: "active" } }],
      [ME]: [me(false)],
    });
    const events = await run(params());
    expect(api.routes()).toEqual([LIBRARY, SESSION, LINK, ME]);
    expect(api.calls.find((c) => c.route === LINK)!.body).toEqual({});
    expect(events).toEqual([
      "view verified @0",
      "store me u1 @0",
      `navigate ${ONBOARDING_AFTER_VERIFICATION_PATH} @500`,
    ]);
  });

  it("links the paid checkout when the link carries a session id", async () => {
    const api = stubApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [LINK]: [{ status: 200, body: { outcome: "linked", subscriptionStatus: "active" } }],
      [ME]: [me(true)],
    });
    const events = await run(params({ sessionId: "cs_paid" }));
    expect(api.calls.find((c) => c.route === LINK)!.body).toEqual({ sessionId: "cs_paid" });
    expect(events.at(-1)).toBe("navigate /app/contacts @500");
  });

  it("a signed-in user without a token gets the subscription too (step 6)", async () => {
    const api = stubApi({
      [SESSION]: [session],
      [LINK]: [{ status: 200, body: { outcome: "trial", subscriptionStatus: "active" } }],
      [ME]: [me(true)],
    });
    const events = await run(params({ token: null, type: null }));
    expect(api.routes()).toEqual([SESSION, LINK, ME]);
    expect(events).toEqual(["view verified @0", "store me u1 @0", "navigate /app/contacts @500"]);
  });

  it("a verified link of another type (not signup) does not link", async () => {
    const api = stubApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [ME]: [me(true)],
    });
    const events = await run(params({ type: "email_change" }));
    expect(api.routes()).toEqual([LIBRARY, SESSION, ME]);
    expect(events.at(-1)).toBe("navigate /app/contacts @500");
  });

  it("the redirect waits for the sequence: 0.5 s after a session found by polling", async () => {
    stubApi({
      [LIBRARY]: [serverFault],
      "POST /api/verify-email": [{ status: 200, body: { ok: true } }],
      [SESSION]: [{ status: 200, body: null }, session],
      [LINK]: [{ status: 200, body: {} }],
      [ME]: [me(false)],
    });
    const events = await run(params());
    // 3 attempts (0, 1, 2 s), fallback at 2 s, session on the second poll at 2.5 s.
    expect(events).toEqual([
      "view verified @2500",
      "store me u1 @2500",
      `navigate ${ONBOARDING_AFTER_VERIFICATION_PATH} @3000`,
    ]);
  });

  it("a failure goes to /auth at once with its category", async () => {
    stubApi({
      [LIBRARY]: [{ status: 401, body: { code: "TOKEN_EXPIRED", message: "Token expired" } }],
    });
    expect(await run(params())).toEqual([
      "view error @0",
      "navigate /auth?error=verification_failed&category=expired @0",
    ]);
  });

  it("no session after polling goes to /auth?error=no_session", async () => {
    stubApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [{ status: 200, body: null }],
    });
    expect(await run(params())).toEqual([
      "view error @2500",
      "navigate /auth?error=no_session @2500",
    ]);
  });

  it("without a token or a session it shows the manual wait screen and stays", async () => {
    stubApi({ [SESSION]: [{ status: 200, body: null }] });
    expect(await run(params({ token: null }))).toEqual(["view wait @0"]);
  });
});

describe("failurePath", () => {
  it.each(VERIFICATION_CATEGORIES)("category %s", (category) => {
    expect(failurePath({ kind: "failed", category })).toBe(
      `/auth?error=verification_failed&category=${category}`,
    );
  });

  it("no session, and nothing for the other outcomes", () => {
    expect(failurePath({ kind: "no_session" })).toBe("/auth?error=no_session");
    expect(failurePath({ kind: "wait" })).toBeNull();
    expect(failurePath({ kind: "verified", user: { id: "u1", email: "a@b.co" } })).toBeNull();
  });
});
