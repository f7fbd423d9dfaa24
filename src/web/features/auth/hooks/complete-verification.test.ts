// What /verify-email does after the verification sequence (spec 01 §4, §8): where it sends the
// user and when, the subscription link and status refresh, and the spec's toasts.
import { readSafeNextPath } from "../../../lib/access-gating";
import { describe, expect, it, vi } from "vitest";
import { VERIFICATION_CATEGORIES, type VerificationParams } from "../lib/verification";
import {
  fakeApi,
  installFakeBrowser,
  type FakeReply,
} from "../../../../../tests/helpers/fake-browser";
import {
  completeVerification,
  failurePath,
  LINKING_ERROR_TOAST,
  ONBOARDING_AFTER_VERIFICATION_PATH,
  ONBOARDING_STATUS_ERROR_TOAST,
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
    notify: (toast) => events.push(`toast ${toast.title}: ${toast.description} @${at()}`),
    refreshSubscriptionStatus: async () => {
      events.push(`refresh status @${at()}`);
    },
    storeMe: (user) => events.push(`store me ${user.user.id} @${at()}`),
    reloadMe: () => events.push(`reload me @${at()}`),
    ...patch,
  };
  const promise = completeVerification(input, deps);
  await vi.runAllTimersAsync();
  await promise;
  return events;
}

installFakeBrowser();

describe("completeVerification", () => {
  it("sign-up: creates the trial, refreshes the status, then goes to onboarding 0.5 s later", async () => {
    const api = fakeApi({
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
      "refresh status @0",
      "store me u1 @0",
      `navigate ${ONBOARDING_AFTER_VERIFICATION_PATH} @500`,
    ]);
  });

  it("links the paid checkout when the link carries a session id", async () => {
    const api = fakeApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [LINK]: [{ status: 200, body: { outcome: "linked", subscriptionStatus: "active" } }],
      [ME]: [me(true)],
    });
    const events = await run(params({ sessionId: "cs_paid" }));
    expect(api.calls.find((c) => c.route === LINK)!.body).toEqual({ sessionId: "cs_paid" });
    expect(events.at(-1)).toBe("navigate /app/contacts @500");
  });

  it("a failed link with a session id shows 'Subscription Linking Error' and still goes on", async () => {
    fakeApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [LINK]: [serverFault],
      [ME]: [me(false)],
    });
    const events = await run(params({ sessionId: "cs_paid" }));
    expect(LINKING_ERROR_TOAST).toMatchObject({
      title: "Subscription Linking Error",
      description: "There was an issue linking your subscription. Please contact support.",
    });
    expect(events).toEqual([
      "view verified @0",
      "toast Subscription Linking Error: There was an issue linking your subscription. Please contact support. @0",
      "refresh status @0",
      "store me u1 @0",
      `navigate ${ONBOARDING_AFTER_VERIFICATION_PATH} @500`,
    ]);
  });

  it("a failed trial creation without a session id shows no linking toast", async () => {
    fakeApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [LINK]: [serverFault],
      [ME]: [me(false)],
    });
    const events = await run(params());
    expect(events.filter((e) => e.startsWith("toast"))).toEqual([]);
  });

  it("a signed-in user without a token gets the subscription and the refresh too (step 6)", async () => {
    const api = fakeApi({
      [SESSION]: [session],
      [LINK]: [{ status: 200, body: { outcome: "trial", subscriptionStatus: "active" } }],
      [ME]: [me(true)],
    });
    const events = await run(params({ token: null, type: null }));
    expect(api.routes()).toEqual([SESSION, LINK, ME]);
    expect(events).toEqual([
      "view verified @0",
      "refresh status @0",
      "store me u1 @0",
      "navigate /app/contacts @500",
    ]);
  });

  it("a verified link of another type (not signup) neither links nor refreshes", async () => {
    const api = fakeApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [ME]: [me(true)],
    });
    const events = await run(params({ type: "email_change" }));
    expect(api.routes()).toEqual([LIBRARY, SESSION, ME]);
    expect(events.some((e) => e.startsWith("refresh"))).toBe(false);
  });

  it.each<[string, FakeReply]>([
    ["fails", serverFault],
    ["answers no user", { status: 401, body: { error: { code: "UNAUTHORIZED", message: "x" } } }],
  ])(
    "when the onboarding status read %s: the spec's toast, then /app/contacts",
    async (_label, reply) => {
      fakeApi({
        [LIBRARY]: [{ status: 200, body: { status: true } }],
        [SESSION]: [session],
        [LINK]: [{ status: 200, body: {} }],
        [ME]: [reply],
      });
      const events = await run(params());
      expect(ONBOARDING_STATUS_ERROR_TOAST.description).toBe(
        "Could not verify onboarding status. Redirecting to contacts.",
      );
      expect(events).toEqual([
        "view verified @0",
        "refresh status @0",
        "toast Error: Could not verify onboarding status. Redirecting to contacts. @0",
        "reload me @0",
        "navigate /app/contacts @500",
      ]);
    },
  );

  it("the redirect waits for the sequence: 0.5 s after a session found by polling", async () => {
    fakeApi({
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
      "refresh status @2500",
      "store me u1 @2500",
      `navigate ${ONBOARDING_AFTER_VERIFICATION_PATH} @3000`,
    ]);
  });

  it("a failure goes to /auth at once with its category", async () => {
    fakeApi({
      [LIBRARY]: [{ status: 401, body: { code: "TOKEN_EXPIRED", message: "Token expired" } }],
    });
    expect(await run(params())).toEqual([
      "view error @0",
      "navigate /auth?error=verification_failed&category=expired @0",
    ]);
  });

  it("no session after polling goes to /auth?error=no_session", async () => {
    fakeApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [{ status: 200, body: null }],
    });
    expect(await run(params())).toEqual([
      "view error @2500",
      "navigate /auth?error=no_session @2500",
    ]);
  });

  it("without a token or a session it shows the manual wait screen and stays", async () => {
    fakeApi({ [SESSION]: [{ status: 200, body: null }] });
    expect(await run(params({ token: null }))).toEqual(["view wait @0"]);
  });
});

describe("failurePath", () => {
  it.each(VERIFICATION_CATEGORIES)("category %s", (category) => {
    expect(failurePath({ kind: "failed", category })).toBe(
      `/auth?error=verification_failed&category=${category}`,
    );
  });

  it("a retryable failure carries the link's email, for a new mail", () => {
    expect(failurePath({ kind: "failed", category: "network" }, "a+b@c.co")).toBe(
      "/auth?error=verification_failed&category=network&email=a%2Bb%40c.co",
    );
    expect(failurePath({ kind: "failed", category: "server" }, "a@c.co")).toMatch(/&email=/);
    expect(failurePath({ kind: "failed", category: "unknown" }, "a@c.co")).toMatch(/&email=/);
    expect(failurePath({ kind: "failed", category: "expired" }, "a@c.co")).not.toMatch(/email/);
  });

  it("no session, and nothing for the other outcomes", () => {
    expect(failurePath({ kind: "no_session" })).toBe("/auth?error=no_session");
    expect(failurePath({ kind: "wait" })).toBeNull();
    expect(failurePath({ kind: "verified", user: { id: "u1", email: "a@b.co" } })).toBeNull();
  });
});

describe("next", () => {
  async function landing(next: string | null, onboardingCompleted = true) {
    fakeApi({
      [LIBRARY]: [{ status: 200, body: { status: true } }],
      [SESSION]: [session],
      [LINK]: [{ status: 200, body: {} }],
      [ME]: [me(onboardingCompleted)],
    });
    return (await run(params({ next }))).at(-1);
  }

  it("is followed to a page inside /app once onboarding is complete", async () => {
    expect(await landing("/app/settings?tab=reminders")).toBe(
      "navigate /app/settings?tab=reminders @500",
    );
  });

  it("waits until onboarding is done: onboarding comes first", async () => {
    expect(await landing("/app/settings", false)).toBe(
      `navigate ${ONBOARDING_AFTER_VERIFICATION_PATH} @500`,
    );
  });

  it("is ignored when it leaves /app or this site", async () => {
    expect(await landing("https://evil.example/app/contacts")).toBe("navigate /app/contacts @500");
  });

  it.each([
    ["/app", "/app"],
    ["/app/contacts/42#notes", "/app/contacts/42#notes"],
    ["/app/../auth", null],
    ["/application", null],
    ["/auth", null],
    ["//evil.example/app", null],
    ["/\\evil.example/app", null],
    ["https://evil.example/app", null],
    ["javascript:alert(1)", null],
    ["app/contacts", null],
    ["", null],
    [null, null],
  ])("readSafeNextPath(%j) is %j", (next, expected) => {
    expect(readSafeNextPath(next)).toBe(expected);
  });
});
