import { describe, expect, it } from "vitest";
import { createPushSubscriptionInputSchema, describeDevice } from "./push";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox on Mac",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    ["curl/8.5.0", "A browser"],
    [undefined, "A browser"],
  ])("names %s", (ua, label) => {
    expect(describeDevice(ua)).toBe(label);
  });
});

describe("the subscription schema", () => {
  const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };

  it("takes https endpoints, and http ones only when allowed", () => {
    const strict = createPushSubscriptionInputSchema({ allowHttp: false });
    const open = createPushSubscriptionInputSchema({ allowHttp: true });
    expect(strict.safeParse({ endpoint: "https://push.example/a", keys }).success).toBe(true);
    expect(strict.safeParse({ endpoint: "http://push.example/a", keys }).success).toBe(false);
    expect(open.safeParse({ endpoint: "http://127.0.0.1:9/a", keys }).success).toBe(true);
  });

  it("checks the keys' lengths", () => {
    const schema = createPushSubscriptionInputSchema({ allowHttp: false });
    const short = schema.safeParse({
      endpoint: "https://push.example/a",
      keys: { ...keys, auth: "AAAA" },
    });
    expect(short.error?.issues.map((i) => i.message)).toEqual([
      "The subscription's keys.auth should be 16 bytes long.",
    ]);
  });
});
