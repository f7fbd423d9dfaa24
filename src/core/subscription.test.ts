import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from "./constants";
import {
  cacheTtlFor,
  computeSubscriptionStatus,
  hasSubscription,
  isAccessAllowed,
  isPaymentConfirmed,
  type BillingStatusRow,
} from "./subscription";

const END = new Date("2030-01-31T12:00:00.000Z");
const at = (offsetMs: number) => new Date(END.getTime() + offsetMs);

function row(patch: Partial<BillingStatusRow> = {}): BillingStatusRow {
  return {
    subscriptionStatus: "active",
    currentPeriodEnd: END,
    cancelAtPeriodEnd: false,
    ...patch,
  };
}

describe("computeSubscriptionStatus", () => {
  it("gives none when there is no row", () => {
    expect(computeSubscriptionStatus(null, at(0))).toEqual({
      status: "none",
      isWithinGrace: false,
    });
    expect(computeSubscriptionStatus(undefined, at(0)).status).toBe("none");
  });

  it("counts an active row before its period end as active, not in grace", () => {
    expect(computeSubscriptionStatus(row(), at(-DAY_MS))).toEqual({
      status: "active",
      isWithinGrace: false,
    });
  });

  it("counts the exact period end as still inside the period", () => {
    expect(computeSubscriptionStatus(row(), at(0))).toEqual({
      status: "active",
      isWithinGrace: false,
    });
  });

  it("keeps an active row active for 24 hours after the period end (grace)", () => {
    expect(computeSubscriptionStatus(row(), at(1))).toEqual({
      status: "active",
      isWithinGrace: true,
    });
    expect(computeSubscriptionStatus(row(), at(24 * HOUR_MS))).toEqual({
      status: "active",
      isWithinGrace: true,
    });
  });

  it("gives none once the grace is over", () => {
    expect(computeSubscriptionStatus(row(), at(24 * HOUR_MS + 1)).status).toBe("none");
    expect(computeSubscriptionStatus(row(), at(30 * DAY_MS)).status).toBe("none");
  });

  it("counts an active row without a period end as active (open-ended, e.g. billing off)", () => {
    const r = row({ currentPeriodEnd: null });
    expect(computeSubscriptionStatus(r, at(100 * DAY_MS))).toEqual({
      status: "active",
      isWithinGrace: false,
    });
  });

  it("reads the period end from an ISO string as the API sends it", () => {
    const r = row({ currentPeriodEnd: END.toISOString() });
    expect(computeSubscriptionStatus(r, at(-1)).status).toBe("active");
    expect(computeSubscriptionStatus(r, at(2 * DAY_MS)).status).toBe("none");
  });

  it("gives unknown for a period end that cannot be read", () => {
    expect(computeSubscriptionStatus(row({ currentPeriodEnd: "not a date" }), at(0))).toEqual({
      status: "unknown",
      isWithinGrace: false,
    });
  });

  it.each(["trialing", "past_due", "canceled", "incomplete", "unpaid", ""])(
    "gives none for a %s row, whatever its dates",
    (subscriptionStatus) => {
      expect(computeSubscriptionStatus(row({ subscriptionStatus }), at(-DAY_MS)).status).toBe(
        "none",
      );
    },
  );

  describe("set to cancel at period end", () => {
    const cancelling = row({ cancelAtPeriodEnd: true });

    it("stays active until the period end, the time already paid for", () => {
      expect(computeSubscriptionStatus(cancelling, at(-DAY_MS))).toEqual({
        status: "active",
        isWithinGrace: false,
      });
      expect(computeSubscriptionStatus(cancelling, at(0)).status).toBe("active");
    });

    it("gets no grace after the period end", () => {
      expect(computeSubscriptionStatus(cancelling, at(1)).status).toBe("none");
      expect(computeSubscriptionStatus(cancelling, at(HOUR_MS)).status).toBe("none");
    });

    it("gives none when there is no period end to honour", () => {
      const r = row({ cancelAtPeriodEnd: true, currentPeriodEnd: null });
      expect(computeSubscriptionStatus(r, at(0)).status).toBe("none");
    });
  });
});

describe("what a status means", () => {
  it("only active counts as having a subscription", () => {
    expect(hasSubscription({ status: "active", isWithinGrace: false })).toBe(true);
    expect(hasSubscription({ status: "active", isWithinGrace: true })).toBe(true);
    expect(hasSubscription({ status: "unknown", isWithinGrace: false })).toBe(false);
    expect(hasSubscription({ status: "none", isWithinGrace: false })).toBe(false);
  });

  it("allows access for active and, as a fallback, unknown; never for none", () => {
    expect(isAccessAllowed({ status: "active", isWithinGrace: false })).toBe(true);
    expect(isAccessAllowed({ status: "unknown", isWithinGrace: false })).toBe(true);
    expect(isAccessAllowed({ status: "none", isWithinGrace: false })).toBe(false);
  });

  it("payment polling accepts active, trialing and past_due only", () => {
    for (const s of ["active", "trialing", "past_due"]) expect(isPaymentConfirmed(s)).toBe(true);
    for (const s of ["canceled", "incomplete", "open", "", null, undefined])
      expect(isPaymentConfirmed(s)).toBe(false);
  });
});

describe("cacheTtlFor", () => {
  it("caches a plain answer for 5 minutes", () => {
    expect(cacheTtlFor({ status: "active", isWithinGrace: false })).toBe(5 * MINUTE_MS);
    expect(cacheTtlFor({ status: "none", isWithinGrace: false })).toBe(5 * MINUTE_MS);
  });

  it("caches an error (unknown) for 30 seconds", () => {
    expect(cacheTtlFor({ status: "unknown", isWithinGrace: false })).toBe(30 * SECOND_MS);
  });

  it("caches an active-within-grace answer for 2.5 minutes", () => {
    expect(cacheTtlFor({ status: "active", isWithinGrace: true })).toBe(150 * SECOND_MS);
  });
});
