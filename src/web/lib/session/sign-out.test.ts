// Signing out turns off this browser's push first, so a shared browser stops getting the user's
// reminders (they name their contacts); a browser without push, or a server that cannot be
// reached, never holds up the sign-out.
import { afterEach, describe, expect, it, vi } from "vitest";

const authSignOut = vi.fn(async () => ({ error: null }));
vi.mock("../auth-client", () => ({
  loadAuthClient: async () => ({ signOut: authSignOut }),
}));

const { signOut } = await import("./sign-out");

function browserWithPush(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> }) {
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal("window", {
    isSecureContext: true,
    PushManager: class {},
    Notification: class {},
  });
  vi.stubGlobal("navigator", {
    userAgent: "Chrome",
    serviceWorker: { getRegistration: async () => registration },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  authSignOut.mockClear();
});

describe("signOut", () => {
  it("unsubscribes this browser and has the server forget it, before the session ends", async () => {
    const order: string[] = [];
    const unsubscribe = vi.fn(async () => {
      order.push("unsubscribe");
      return true;
    });
    browserWithPush({ endpoint: "https://push.example/abc", unsubscribe });
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
      order.push("forget");
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal("fetch", fetch);
    authSignOut.mockImplementationOnce(async () => {
      order.push("sign out");
      return { error: null };
    });

    await signOut();
    expect(order).toEqual(["unsubscribe", "forget", "sign out"]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/push/subscriptions");
    expect(init.method).toBe("DELETE");
    expect(JSON.parse(init.body as string)).toEqual({ endpoint: "https://push.example/abc" });
  });

  it("signs out when the server cannot be reached, and in a browser without push", async () => {
    browserWithPush({ endpoint: "https://push.example/abc", unsubscribe: async () => true });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await signOut();
    expect(authSignOut).toHaveBeenCalledTimes(1);

    vi.unstubAllGlobals();
    vi.stubGlobal("window", { isSecureContext: true });
    vi.stubGlobal("navigator", { userAgent: "Old" });
    await signOut();
    expect(authSignOut).toHaveBeenCalledTimes(2);
  });
});
