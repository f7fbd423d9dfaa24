// The dev mailbox holds sign-in links: only this machine (or DEV_MAILBOX=true) may read it, a
// proxy in front never counts as this machine, and production has no mailbox at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../../tests/helpers/test-app";
import { DEV_MAILBOX_REFUSED, devMailboxStartWarning, isLoopbackAddress } from "./dev-only";

const PATHS = [
  "/api/dev/mailbox",
  "/dev/mailbox",
  "/dev/mailbox/00000000-0000-4000-8000-000000000000",
];

function get(t: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, remoteAddress, headers });
}

describe("dev mailbox, default settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("is served to loopback clients, IPv4 and IPv6", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await get(t, "/api/dev/mailbox", address)).statusCode).toBe(200);
      expect((await get(t, "/dev/mailbox", address)).statusCode).toBe(200);
    }
  });

  it("refuses every other client with a message saying how to open it", async () => {
    for (const url of PATHS) {
      const res = await get(t, url, "203.0.113.7");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: "FORBIDDEN", message: DEV_MAILBOX_REFUSED } });
    }
  });

  it("answers 404 under a name other than this machine's, even from this machine", async () => {
    for (const url of PATHS) {
      for (const host of ["evil.example", "evil.example:3000", "127.0.0.1.evil.example"]) {
        expect((await get(t, url, "127.0.0.1", { host })).statusCode, `${url} ${host}`).toBe(404);
      }
    }
    for (const host of ["localhost:3000", "LOCALHOST", "127.0.0.1:3000", "[::1]:3000"]) {
      expect((await get(t, "/api/dev/mailbox", "127.0.0.1", { host })).statusCode, host).toBe(200);
    }
  });

  it("refuses a request forwarded by a proxy on this machine", async () => {
    const forwarded: Record<string, string>[] = [
      { "x-forwarded-for": "198.51.100.4" },
      { forwarded: "for=198.51.100.4" },
      { "x-real-ip": "198.51.100.4" },
    ];
    for (const headers of forwarded) {
      expect((await get(t, "/api/dev/mailbox", "127.0.0.1", headers)).statusCode).toBe(403);
    }
  });

  it("answers a NUL in the address with 400, not 500", async () => {
    const res = await get(t, "/api/dev/mailbox?to=%00", "127.0.0.1");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("The address must not contain a NUL character (%00).");
  });
});

describe("dev mailbox behind a proxy (TRUST_PROXY=true)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ TRUST_PROXY: "true" });
  });
  afterAll(async () => t.close());

  it("cannot be opened by writing X-Forwarded-For: 127.0.0.1", async () => {
    const spoofed = await get(t, "/api/dev/mailbox", "10.0.0.2", {
      "x-forwarded-for": "127.0.0.1",
    });
    expect(spoofed.statusCode).toBe(403);
    expect((await get(t, "/api/dev/mailbox", "127.0.0.1")).statusCode).toBe(403);
  });
});

describe("dev mailbox with DEV_MAILBOX=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ DEV_MAILBOX: "true" });
  });
  afterAll(async () => t.close());

  it("is served to any client, under any name", async () => {
    expect((await get(t, "/api/dev/mailbox", "203.0.113.7")).statusCode).toBe(200);
    const named = await get(t, "/api/dev/mailbox", "203.0.113.7", { host: "tend.lan:3000" });
    expect(named.statusCode).toBe(200);
  });
});

describe("dev mailbox under APP_URL's own name", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ APP_URL: "http://tend.test:3000" });
  });
  afterAll(async () => t.close());

  it("is served to this machine under that name", async () => {
    const res = await get(t, "/api/dev/mailbox", "127.0.0.1", { host: "tend.test:3000" });
    expect(res.statusCode).toBe(200);
  });
});

describe("dev mailbox in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      NODE_ENV: "production",
      APP_URL: "https://tend.example",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
  });
  afterAll(async () => t.close());

  it("does not exist, even for this machine", async () => {
    for (const url of PATHS) expect((await get(t, url, "127.0.0.1")).statusCode).toBe(404);
  });
});

describe("isLoopbackAddress", () => {
  it("knows 127.0.0.0/8 and ::1, plain or IPv4-mapped, and nothing else", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(ip)).toBe(true);
    for (const ip of ["10.0.0.1", "::ffff:10.0.0.1", "0.0.0.0", "::", "128.0.0.1", undefined])
      expect(isLoopbackAddress(ip)).toBe(false);
  });
});

describe("devMailboxStartWarning", () => {
  const base = { NODE_ENV: "development", DEV_MAILBOX: false, TRUST_PROXY: false } as const;

  it("is silent on loopback and in production", () => {
    for (const HOST of ["127.0.0.1", "localhost", "::1", "[::1]"])
      expect(devMailboxStartWarning({ ...base, HOST })).toBeNull();
    expect(devMailboxStartWarning({ ...base, HOST: "0.0.0.0", NODE_ENV: "production" })).toBeNull();
  });

  it("warns when listening beyond loopback, louder with DEV_MAILBOX=true", () => {
    expect(devMailboxStartWarning({ ...base, HOST: "0.0.0.0" })).toMatch(
      /^Listening on 0\.0\.0\.0 outside production: .* shown only to this machine\./,
    );
    expect(devMailboxStartWarning({ ...base, HOST: "::", DEV_MAILBOX: true })).toMatch(
      /anyone who can reach this server can read \/dev\/mailbox/,
    );
  });
});
