import { describe, expect, it } from "vitest";
import type { Delivery } from "../../../../core/reminders";
import { deliveryPollInterval } from "./list-reminder-deliveries";

const NOW = Date.parse("2026-11-23T15:00:00.000Z");

function delivery(status: Delivery["status"], ageMs: number): Delivery {
  const createdAt = new Date(NOW - ageMs).toISOString();
  return {
    id: `${status}-${ageMs}`,
    scheduledFor: createdAt,
    createdAt,
    sentAt: status === "sent" ? createdAt : null,
    channel: "email",
    status,
    reason: null,
    contactCount: 1,
    attempts: 0,
    isTest: true,
  };
}

describe("deliveryPollInterval", () => {
  it("stops polling once nothing is queued", () => {
    expect(deliveryPollInterval([], NOW)).toBe(false);
    expect(deliveryPollInterval([delivery("sent", 1_000), delivery("failed", 5_000)], NOW)).toBe(
      false,
    );
  });

  it("polls every 2 s while a send just made is still queued", () => {
    expect(deliveryPollInterval([delivery("queued", 3_000), delivery("sent", 0)], NOW)).toBe(2_000);
  });

  it("slows to every 30 s for a delivery waiting for a retry", () => {
    expect(deliveryPollInterval([delivery("queued", 10 * 60_000)], NOW)).toBe(30_000);
  });
});
