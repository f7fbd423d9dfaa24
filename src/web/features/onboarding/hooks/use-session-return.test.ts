import { describe, expect, it } from "vitest";
import type { Me } from "../../../../core/account";
import { hasAuthReturnParams, pollForSession } from "./use-session-return";

const me = { user: { email: "a@example.com", emailVerified: true } } as Me;

describe("returning from sign-on or an email link", () => {
  it("is recognised by ssoprovider, access_token or token_hash in the query or hash", () => {
    expect(hasAuthReturnParams("?ssoprovider=google", "")).toBe(true);
    expect(hasAuthReturnParams("", "#access_token=x&type=signup")).toBe(true);
    expect(hasAuthReturnParams("?token_hash=abc", "")).toBe(true);
    expect(hasAuthReturnParams("?from=verification&initialStep=1", "")).toBe(false);
  });

  it("polls 4 times 300 ms apart, then up to 5 s more, then gives up", async () => {
    const waits: number[] = [];
    let reads = 0;
    const result = await pollForSession({
      read: async () => {
        reads++;
        return null;
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result).toBeNull();
    expect(waits.slice(0, 4)).toEqual([300, 300, 300, 300]);
    expect(waits.slice(4).reduce((a, b) => a + b, 0)).toBe(5000);
    expect(reads).toBe(4 + waits.slice(4).length);
  });

  it("stops as soon as a session appears", async () => {
    let reads = 0;
    const result = await pollForSession({
      read: async () => (++reads === 2 ? me : null),
      sleep: async () => {},
    });
    expect(result).toBe(me);
    expect(reads).toBe(2);
  });
});
