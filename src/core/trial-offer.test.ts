import { describe, expect, it } from "vitest";
import {
  TRIAL_DAYS_MARKER,
  TRIAL_WORDING_MARKERS,
  fillTrialWording,
  readServedTrialDays,
  trialWording,
} from "./trial-offer";

const page = `<meta name="trial-days" content="${TRIAL_DAYS_MARKER}"><p>${TRIAL_WORDING_MARKERS.offer} ${TRIAL_WORDING_MARKERS.afterTrial}</p><a>${TRIAL_WORDING_MARKERS.start}</a>`;

describe("the trial story", () => {
  it("follows TRIAL_DAYS", () => {
    expect(trialWording(14).offer).toBe("14-day free trial, no card needed.");
    expect(trialWording(30).offer).toBe("30-day free trial, no card needed.");
    expect(trialWording(0).offer).toBe("Subscribe to start: $8 USD/month.");
    expect(trialWording(14).start).toBe("Start your 14-day free trial");
    expect(trialWording(0).start).toBe("Sign up");
  });

  it("is filled into the prerendered page, and the client reads the same length back", () => {
    const filled = fillTrialWording(page, 21);
    expect(filled).toContain("21-day free trial, no card needed. After the trial, $8 USD/month");
    expect(filled).toContain("<a>Start your 21-day free trial</a>");
    expect(filled).not.toContain("%%");
    const content = /content="([^"]*)"/.exec(filled)?.[1];
    expect(readServedTrialDays(content)).toBe(21);
    expect(readServedTrialDays(TRIAL_DAYS_MARKER)).toBeNull();
  });

  it("with no trial, the page says so instead of offering one", () => {
    const filled = fillTrialWording(page, 0);
    expect(filled).not.toContain("free trial");
    expect(filled).toContain("Subscribe to start");
  });
});
