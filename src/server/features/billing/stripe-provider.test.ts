import { describe, expect, it } from "vitest";
import { checkoutTrialEnd } from "./stripe-provider";

const HOUR_MS = 60 * 60 * 1000;

describe("checkoutTrialEnd", () => {
  it("asks the same trial_end for two clicks in one minute, at least 48 hours away", () => {
    const trialEnd = new Date("2026-12-03T10:00:00Z");
    const first = new Date("2026-12-02T12:00:05Z");
    const second = new Date("2026-12-02T12:00:55Z");
    expect(checkoutTrialEnd(trialEnd, first)).toBe(checkoutTrialEnd(trialEnd, second));
    expect(checkoutTrialEnd(trialEnd, second)! * 1000 - second.getTime()).toBeGreaterThanOrEqual(
      48 * HOUR_MS,
    );
  });

  it("keeps a trial's own end when it is further than 48 hours, and none once it has ended", () => {
    const now = new Date("2026-12-02T12:00:00Z");
    const trialEnd = new Date("2026-12-10T12:00:00Z");
    expect(checkoutTrialEnd(trialEnd, now)).toBe(trialEnd.getTime() / 1000);
    expect(checkoutTrialEnd(new Date("2026-12-01T12:00:00Z"), now)).toBeNull();
  });
});
