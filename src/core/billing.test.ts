import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "./constants";
import {
  LeadBodySchema,
  LinkBodySchema,
  pickEffectiveSubscription,
  type SubscriptionCandidate,
} from "./billing";

const NOW = new Date("2030-03-01T00:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * DAY_MS);

function sub(id: string, patch: Partial<SubscriptionCandidate> = {}) {
  return {
    id,
    status: "active",
    currentPeriodEnd: days(10),
    cancelAtPeriodEnd: false,
    isTrial: false,
    updatedAt: days(-1),
    ...patch,
  };
}

describe("pickEffectiveSubscription", () => {
  it("gives null for no subscriptions", () => {
    expect(pickEffectiveSubscription([], NOW)).toBeNull();
  });

  it("prefers one that gives access over a canceled one, whatever the order", () => {
    const canceled = sub("old", { status: "canceled", currentPeriodEnd: days(30) });
    const active = sub("new");
    expect(pickEffectiveSubscription([canceled, active], NOW)?.id).toBe("new");
    expect(pickEffectiveSubscription([active, canceled], NOW)?.id).toBe("new");
  });

  it("prefers a paid subscription over a trial with a later end", () => {
    const trial = sub("trial", { isTrial: true, currentPeriodEnd: days(13) });
    const paid = sub("paid", { currentPeriodEnd: days(5) });
    expect(pickEffectiveSubscription([trial, paid], NOW)?.id).toBe("paid");
  });

  it("prefers a running period over one in its grace", () => {
    const grace = sub("grace", { currentPeriodEnd: new Date(NOW.getTime() - HOUR_MS) });
    const running = sub("running", { currentPeriodEnd: days(1), isTrial: true });
    expect(pickEffectiveSubscription([grace, running], NOW)?.id).toBe("running");
  });

  it("among ended ones prefers past_due over canceled (the user can still fix it)", () => {
    const pastDue = sub("pd", { status: "past_due" });
    const canceled = sub("c", { status: "canceled" });
    expect(pickEffectiveSubscription([canceled, pastDue], NOW)?.id).toBe("pd");
  });

  it("breaks ties by the later period end, then the latest update", () => {
    expect(
      pickEffectiveSubscription([sub("a", { currentPeriodEnd: days(3) }), sub("b")], NOW)?.id,
    ).toBe("b");
    expect(pickEffectiveSubscription([sub("a"), sub("b", { updatedAt: NOW })], NOW)?.id).toBe("b");
  });
});

describe("request bodies", () => {
  it("lowercases and trims a lead's email and needs an at-sign", () => {
    expect(LeadBodySchema.parse({ email: "  Ana@Example.ORG " }).email).toBe("ana@example.org");
    expect(LeadBodySchema.safeParse({ email: "ana.example.org" }).success).toBe(false);
  });

  it("accepts provider-shaped checkout session ids only", () => {
    expect(LinkBodySchema.safeParse({ sessionId: "cs_test_a1B2" }).success).toBe(true);
    expect(LinkBodySchema.safeParse({ sessionId: "../x" }).success).toBe(false);
    expect(LinkBodySchema.safeParse({ sessionId: "" }).success).toBe(false);
  });
});
