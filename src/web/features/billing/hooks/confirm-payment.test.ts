import { describe, expect, it } from "vitest";
import type { Me } from "../../../../core/account";
import { ApiRequestError } from "../../../lib/api-client";
import {
  confirmPayment,
  pathAfterPayment,
  type ConfirmPaymentDeps,
  type PaymentRow,
} from "./confirm-payment";

function deps(rows: PaymentRow[], patch: Partial<ConfirmPaymentDeps> = {}) {
  const waits: number[] = [];
  const phases: string[] = [];
  let reads = 0;
  const links: string[] = [];
  const d: ConfirmPaymentDeps = {
    isSignedIn: async () => true,
    link: async (id) => {
      links.push(id);
    },
    readStatus: async () => rows[Math.min(reads++, rows.length - 1)] ?? null,
    sleep: async (ms) => {
      waits.push(ms);
    },
    onPhase: (p) => phases.push(p),
    ...patch,
  };
  return { d, waits, phases, links, reads: () => reads };
}

const active = { subscriptionStatus: "active", isTrial: false };

describe("confirmPayment", () => {
  it("needs a session id", async () => {
    const { d, links } = deps([active]);
    expect(await confirmPayment(null, d)).toEqual({ kind: "no-session-id" });
    expect(links).toEqual([]);
  });

  it("sends a signed-out payer to account creation without linking", async () => {
    const { d, links } = deps([active], { isSignedIn: async () => false });
    expect(await confirmPayment("cs_1", d)).toEqual({ kind: "signed-out", sessionId: "cs_1" });
    expect(links).toEqual([]);
  });

  it("links, waits 1 s, then confirms on the first active read", async () => {
    const { d, waits, phases, links, reads } = deps([active]);
    expect(await confirmPayment("cs_1", d)).toEqual({ kind: "confirmed", hasLinkFailed: false });
    expect(links).toEqual(["cs_1"]);
    expect(waits).toEqual([1000]);
    expect(phases).toEqual(["linking", "confirming"]);
    expect(reads()).toBe(1);
  });

  it.each(["trialing", "past_due"])("accepts %s", async (subscriptionStatus) => {
    const { d } = deps([{ subscriptionStatus, isTrial: false }]);
    expect((await confirmPayment("cs_1", d)).kind).toBe("confirmed");
  });

  it("polls every 2 s until the payment shows, ignoring a trial and failed reads", async () => {
    const trial = { subscriptionStatus: "active", isTrial: true };
    const { d, waits, reads } = deps([
      null,
      trial,
      { subscriptionStatus: "incomplete", isTrial: false },
      active,
    ]);
    expect((await confirmPayment("cs_1", d)).kind).toBe("confirmed");
    expect(reads()).toBe(4);
    expect(waits).toEqual([1000, 2000, 2000, 2000]);
  });

  it("gives up after 15 reads, 2 s apart", async () => {
    const { d, waits, reads } = deps([null], {
      readStatus: async () => {
        throw new Error("down");
      },
    });
    expect(await confirmPayment("cs_1", d)).toEqual({
      kind: "not-confirmed",
      hasLinkFailed: false,
    });
    expect(waits).toEqual([1000, ...Array(14).fill(2000)]);
    void reads;
  });

  it("stops on an invalid session (400) and a refused one (409)", async () => {
    const bad = deps([active], {
      link: async () => {
        throw new ApiRequestError(
          400,
          "BAD_REQUEST",
          "Invalid session. Please try subscribing again.",
        );
      },
    });
    expect(await confirmPayment("cs_1", bad.d)).toEqual({ kind: "invalid-session" });
    const taken = deps([active], {
      link: async () => {
        throw new ApiRequestError(409, "CONFLICT", "linked elsewhere");
      },
    });
    expect(await confirmPayment("cs_1", taken.d)).toEqual({ kind: "link-refused" });
    expect(bad.reads() + taken.reads()).toBe(0);
  });

  it("keeps polling after another linking error, and reports it", async () => {
    const { d } = deps([active], {
      link: async () => {
        throw new ApiRequestError(503, "UNAVAILABLE", "down");
      },
    });
    expect(await confirmPayment("cs_1", d)).toEqual({ kind: "confirmed", hasLinkFailed: true });
  });

  it("reports a linking error at once, before it starts polling", async () => {
    const events: string[] = [];
    const { d } = deps([null], {
      link: async () => {
        throw new ApiRequestError(503, "UNAVAILABLE", "down");
      },
      onLinkFailed: () => events.push("link-failed"),
      readStatus: async () => {
        events.push("read");
        return null;
      },
    });
    expect(await confirmPayment("cs_1", d)).toEqual({
      kind: "not-confirmed",
      hasLinkFailed: true,
    });
    expect(events).toEqual(["link-failed", ...Array(15).fill("read")]);
  });

  it("does not report a linking error when linking worked", async () => {
    let reports = 0;
    const { d } = deps([active], { onLinkFailed: () => (reports += 1) });
    await confirmPayment("cs_1", d);
    expect(reports).toBe(0);
  });
});

describe("pathAfterPayment", () => {
  const me = (firstName: string | null, lastName: string | null, onboardingCompleted: boolean) =>
    ({ profile: { firstName, lastName }, settings: { onboardingCompleted } }) as unknown as Me;
  it("goes to contacts only with names and onboarding complete", () => {
    expect(pathAfterPayment(me("Ada", "Lovelace", true))).toBe("/app/contacts");
    expect(pathAfterPayment(me("Ada", "Lovelace", false))).toBe("/app/onboarding");
    expect(pathAfterPayment(me(null, "Lovelace", true))).toBe("/app/onboarding");
    expect(pathAfterPayment(me("Ada", " ", true))).toBe("/app/onboarding");
  });
});
