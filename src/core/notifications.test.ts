import { describe, expect, it } from "vitest";
import {
  describeUnread,
  formatUnreadBadge,
  isSuccessAlert,
  parseNextLink,
  toInAppPath,
} from "./notifications";

describe("notifications contract helpers", () => {
  it("reads the next page from a Link header", () => {
    expect(parseNextLink('</api/notifications?limit=3&cursor=abc>; rel="next"')).toBe(
      "/api/notifications?limit=3&cursor=abc",
    );
    expect(parseNextLink('</a>; rel="prev", </b>; rel=next')).toBe("/b");
    expect(parseNextLink('</a>; rel="prev"')).toBeNull();
    expect(parseNextLink(null)).toBeNull();
  });

  it("shows 9+ above 9 and names the count for screen readers", () => {
    expect(formatUnreadBadge(1)).toBe("1");
    expect(formatUnreadBadge(9)).toBe("9");
    expect(formatUnreadBadge(10)).toBe("9+");
    expect(describeUnread(1)).toBe("1 unread notification");
    expect(describeUnread(3)).toBe("3 unread notifications");
    expect(describeUnread(10)).toBe("More than 9 unread notifications");
    expect(describeUnread(0)).toBe("Notifications, none unread");
  });

  it("follows only in-app paths", () => {
    expect(toInAppPath("/app/rhythms")).toBe("/app/rhythms");
    expect(toInAppPath("/app/contacts/1?tab=history#x")).toBe("/app/contacts/1?tab=history#x");
    expect(toInAppPath("/app/../app/settings")).toBe("/app/settings");
    for (const link of [
      null,
      "",
      "https://evil.example/app",
      "//evil.example/app",
      "/\\evil.example",
      "javascript:alert(1)",
      "app/rhythms",
      " /app/x",
      "/\t/evil.example",
    ]) {
      expect(toInAppPath(link)).toBeNull();
    }
  });

  it("calls a system alert that reports something done a success, so it shows a check", () => {
    expect(isSuccessAlert({ type: "SYSTEM_ALERT", metadata: { outcome: "success" } })).toBe(true);
    expect(isSuccessAlert({ type: "SYSTEM_ALERT", metadata: { outcome: "failed" } })).toBe(false);
    expect(isSuccessAlert({ type: "SYSTEM_ALERT", metadata: null })).toBe(false);
    expect(isSuccessAlert({ type: "REMINDER", metadata: { outcome: "success" } })).toBe(false);
  });
});
