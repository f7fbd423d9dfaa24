import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cookieFrom, TEST_APP_URL, testEnv } from "../../tests/helpers/test-app";
import { buildApp } from "./app";
import { users } from "./db/schema/index";

// The embedded database on disk: what a person gets from `npm start`.
describe("embedded database on disk", () => {
  it("keeps every account across a restart on the same data directory", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tend-restart-"));
    const env = testEnv({ DATA_DIR: dataDir });
    const email = "persist@example.com";

    const first = await buildApp({ env, serveWeb: false, logger: false });
    const signUp = await first.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_APP_URL },
      payload: { email, password: "secret-pass", name: "P" },
    });
    expect(signUp.statusCode).toBe(200);
    await first.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    await first.close();

    const second = await buildApp({ env, serveWeb: false, logger: false });
    const signIn = await second.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_APP_URL },
      payload: { email, password: "secret-pass" },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await second.inject({ url: "/api/me", headers: { cookie: cookieFrom(signIn) } });
    expect(me.json().user.email).toBe(email);
    const ready = await second.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    await second.close();
    rmSync(dataDir, { recursive: true, force: true });
    // Two fresh starts on disk, each opening PGlite and checking its migrations: slow on a busy host.
  }, 120_000);
});
