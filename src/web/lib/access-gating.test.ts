import { describe, expect, it } from "vitest";
import {
  decideAccess,
  isGateSkipped,
  isPublicPath,
  signInReturnPath,
  type GateInput,
} from "./access-gating";

function input(patch: Partial<GateInput>): GateInput {
  return {
    pathname: "/app/contacts",
    session: "present",
    onboarding: "complete",
    subscription: "active",
    hasWaitedForSubscription: false,
    ...patch,
  };
}

const SKIPPED = [
  "/auth/oauth-callback",
  "/payment-success",
  "/onboarding",
  "/app/onboarding",
  "/account-creation",
  "/verify-email",
  "/checkout",
];

describe("paths", () => {
  it("treats everything outside /app as public, but for the /notifications and /map aliases", () => {
    for (const p of [
      "/",
      "/auth",
      "/subscribe",
      "/nope",
      "/application",
      "/notifications/x",
      "/maps",
    ])
      expect(isPublicPath(p)).toBe(true);
    for (const p of ["/app", "/app/contacts", "/app/debug/subscription", "/notifications", "/map"])
      expect(isPublicPath(p)).toBe(false);
  });

  it("skips the check on callback, payment, onboarding, account creation (and ours)", () => {
    for (const p of SKIPPED) expect(isGateSkipped(p)).toBe(true);
    for (const p of ["/", "/auth", "/subscribe", "/app/contacts", "/onboarding-success"])
      expect(isGateSkipped(p)).toBe(false);
  });
});

describe("decideAccess", () => {
  it.each(SKIPPED)("does nothing on %s, whatever the state", (pathname) => {
    expect(decideAccess(input({ pathname, session: "none" }))).toBeNull();
    expect(decideAccess(input({ pathname, subscription: "none" }))).toBeNull();
    expect(decideAccess(input({ pathname, onboarding: "incomplete" }))).toBeNull();
  });

  it("waits while the session is loading", () => {
    expect(decideAccess(input({ session: "loading", pathname: "/app/contacts" }))).toBeNull();
  });

  describe("without a session", () => {
    it("sends a non-public path to /auth", () => {
      expect(decideAccess(input({ session: "none", pathname: "/app/contacts" }))).toEqual({
        to: "/auth",
      });
      expect(decideAccess(input({ session: "none", pathname: "/app" }))).toEqual({ to: "/auth" });
    });

    it("leaves public paths alone", () => {
      for (const pathname of ["/", "/auth", "/subscribe", "/unknown"])
        expect(decideAccess(input({ session: "none", pathname }))).toBeNull();
    });
  });

  describe("with a session", () => {
    it("waits while onboarding_completed is being read", () => {
      expect(decideAccess(input({ onboarding: "loading", pathname: "/" }))).toBeNull();
    });

    it("on a settings read error sends non-/app paths to /app/contacts", () => {
      for (const pathname of ["/", "/auth", "/subscribe"])
        expect(decideAccess(input({ onboarding: "error", pathname }))).toEqual({
          to: "/app/contacts",
          notice: "onboarding-unreadable",
        });
      expect(decideAccess(input({ onboarding: "error", pathname: "/app/map" }))).toBeNull();
    });

    describe("subscription active", () => {
      it("sends an unfinished onboarding to /app/onboarding", () => {
        for (const pathname of ["/", "/auth", "/app/contacts", "/subscribe"])
          expect(decideAccess(input({ onboarding: "incomplete", pathname }))).toEqual({
            to: "/app/onboarding",
          });
      });

      it("sends a finished user on a public path to /app/contacts", () => {
        for (const pathname of ["/", "/auth", "/nope"])
          expect(decideAccess(input({ pathname }))).toEqual({ to: "/app/contacts" });
      });

      it("sends them from /auth back to the app page that sent them there, and only from /auth", () => {
        const returnTo = "/app/rhythms?due=1";
        expect(decideAccess(input({ pathname: "/auth", returnTo }))).toEqual({ to: returnTo });
        expect(decideAccess(input({ pathname: "/", returnTo }))).toEqual({ to: "/app/contacts" });
        expect(
          decideAccess(input({ pathname: "/auth", returnTo, onboarding: "incomplete" })),
        ).toEqual({ to: "/app/onboarding" });
      });

      it("sends them away from /subscribe with the already-subscribed notice", () => {
        expect(decideAccess(input({ pathname: "/subscribe" }))).toEqual({
          to: "/app/contacts",
          notice: "already-subscribed",
        });
      });

      it("lets them use the app", () => {
        for (const pathname of [
          "/app/contacts",
          "/app/settings",
          "/app/debug/subscription",
          "/notifications",
        ])
          expect(decideAccess(input({ pathname }))).toBeNull();
      });
    });

    describe("subscription none (read, not loading)", () => {
      it("sends app and public paths to /subscribe", () => {
        for (const pathname of ["/", "/app/contacts", "/app/settings", "/nope"])
          expect(decideAccess(input({ subscription: "none", pathname }))).toEqual({
            to: "/subscribe",
          });
      });

      it("does so before onboarding when onboarding is unfinished", () => {
        expect(
          decideAccess(
            input({ subscription: "none", onboarding: "incomplete", pathname: "/app/contacts" }),
          ),
        ).toEqual({ to: "/subscribe" });
      });

      it.each(["/auth", "/subscribe", "/onboarding-success"])("leaves %s alone", (pathname) => {
        expect(decideAccess(input({ subscription: "none", pathname }))).toBeNull();
      });
    });

    describe("subscription unknown (the read failed)", () => {
      it("allows access like active", () => {
        expect(decideAccess(input({ subscription: "unknown" }))).toBeNull();
        expect(decideAccess(input({ subscription: "unknown", pathname: "/" }))).toEqual({
          to: "/app/contacts",
        });
        expect(decideAccess(input({ subscription: "unknown", onboarding: "incomplete" }))).toEqual({
          to: "/app/onboarding",
        });
      });

      it("leaves the user on /subscribe, so they can still pay (only active is sent away)", () => {
        expect(decideAccess(input({ subscription: "unknown", pathname: "/subscribe" }))).toBeNull();
        expect(
          decideAccess(
            input({ subscription: "unknown", onboarding: "incomplete", pathname: "/subscribe" }),
          ),
        ).toBeNull();
      });
    });

    describe("subscription still loading", () => {
      it("waits during the first 2 s", () => {
        for (const pathname of ["/", "/app/contacts", "/subscribe"])
          expect(decideAccess(input({ subscription: null, pathname }))).toBeNull();
      });

      it("then sends public paths other than /auth to /subscribe", () => {
        const waited = { subscription: null, hasWaitedForSubscription: true } as const;
        expect(decideAccess(input({ ...waited, pathname: "/" }))).toEqual({ to: "/subscribe" });
        expect(decideAccess(input({ ...waited, pathname: "/nope" }))).toEqual({
          to: "/subscribe",
        });
        expect(decideAccess(input({ ...waited, pathname: "/auth" }))).toBeNull();
        expect(decideAccess(input({ ...waited, pathname: "/subscribe" }))).toBeNull();
      });

      it("leaves /app paths waiting", () => {
        expect(
          decideAccess(
            input({ subscription: null, hasWaitedForSubscription: true, pathname: "/app/map" }),
          ),
        ).toBeNull();
      });
    });
  });
});

describe("signInReturnPath", () => {
  it("takes an /app page with its query from the location's state", () => {
    expect(signInReturnPath({ from: "/app/rhythms" })).toBe("/app/rhythms");
    expect(signInReturnPath({ from: "/app" })).toBe("/app");
    expect(signInReturnPath({ from: "/app?archived=true" })).toBe("/app?archived=true");
  });

  it("takes nothing else", () => {
    for (const state of [null, undefined, "x", {}, { from: 3 }, { from: "/auth" }])
      expect(signInReturnPath(state)).toBeNull();
    for (const from of [
      "/application",
      "//evil.example/app",
      "https://evil.example/app/x",
      "app/x",
    ])
      expect(signInReturnPath({ from })).toBeNull();
  });
});
