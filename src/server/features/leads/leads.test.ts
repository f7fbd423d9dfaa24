import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, TEST_APP_URL, type TestApp } from "../../../../tests/helpers/test-app";
import { leads } from "../../db/schema/index";

describe("waitlist (POST /api/leads)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  const join = (email: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/leads",
      headers: { origin: TEST_APP_URL },
      payload: { email },
    });

  it("refuses an address without an at-sign and stores nothing", async () => {
    const res = await join("no-at-sign.example.com");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe("Please enter an email address with an @");
    expect(await t.app.db.select().from(leads)).toHaveLength(0);
  });

  it("stores the email lowercased and trimmed, with source web_landing, once", async () => {
    expect((await join("  Grace@Example.ORG ")).statusCode).toBe(201);
    expect((await join("grace@example.org")).statusCode).toBe(201);
    const rows = await t.app.db.select().from(leads).where(eq(leads.email, "grace@example.org"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe("web_landing");
  });
});
