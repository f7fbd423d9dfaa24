import { describe, expect, it } from "vitest";
import type { SubscriptionStatus } from "../../../../core/subscription";
import { waitForSubscription } from "./wait-for-subscription";

function scripted(answers: SubscriptionStatus[]) {
  const waits: number[] = [];
  let calls = 0;
  return {
    waits,
    calls: () => calls,
    deps: {
      check: async () => answers[Math.min(calls++, answers.length - 1)] ?? "none",
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    },
  };
}

describe("subscription check after onboarding", () => {
  it("checks 5 times with waits of 1 s, 2 s, 3 s and 4 s when nothing is active", async () => {
    const s = scripted(["none"]);
    expect(await waitForSubscription(s.deps)).toBe("none");
    expect(s.calls()).toBe(5);
    expect(s.waits).toEqual([1000, 2000, 3000, 4000]);
  });

  it("stops at the first active answer", async () => {
    const s = scripted(["none", "none", "active"]);
    expect(await waitForSubscription(s.deps)).toBe("active");
    expect(s.calls()).toBe(3);
    expect(s.waits).toEqual([1000, 2000]);
  });

  it("goes on at once when the status cannot be read", async () => {
    const s = scripted(["unknown"]);
    expect(await waitForSubscription(s.deps)).toBe("unknown");
    expect(s.waits).toEqual([]);
  });
});
