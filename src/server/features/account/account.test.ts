import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { users } from "../../db/schema/index";

describe("the signed-in user's own account", () => {
  let t: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await build();
    ada = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => t.close());

  it("updates first and last name, trimmed and stripped of control characters", async () => {
    const res = await injectAs(t.app, ada, {
      method: "PATCH",
      url: "/api/me",
      payload: { firstName: "  Ada\u0007 ", lastName: " Lovelace " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    expect(res.json().user.name).toBe("Ada Lovelace");
  });

  it("updates the phone, keeping digits and the plus", async () => {
    const res = await injectAs(t.app, ada, {
      method: "PATCH",
      url: "/api/me",
      payload: { phoneNumber: "+1 (415) 555-0100" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      phoneNumber: "+14155550100",
      phoneNumberVerified: false,
    });
  });

  it("rejects an invalid phone with the spec's message", async () => {
    const res = await injectAs(t.app, ada, {
      method: "PATCH",
      url: "/api/me",
      payload: { phoneNumber: "12345" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("Please enter a valid phone number");
  });

  it("answers a phone that another account uses like a free one", async () => {
    const res = await injectAs(t.app, bob, {
      method: "PATCH",
      url: "/api/me",
      payload: { phoneNumber: "+14155550100" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      phoneNumber: "+14155550100",
      phoneNumberVerified: false,
    });
  });

  it("clears the phone with an empty string and saves the theme", async () => {
    const res = await injectAs(t.app, ada, {
      method: "PATCH",
      url: "/api/me",
      payload: { phoneNumber: "", theme: "dark" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phoneNumber).toBeNull();
    expect(res.json().settings.theme).toBe("dark");
  });

  it("keeps each user's data apart", async () => {
    const res = await injectAs(t.app, bob, { method: "GET", url: "/api/me" });
    expect(res.json().user.email).toBe(bob.email);
    expect(res.json().profile.firstName).toBeNull();
  });

  it("answers 200, never 500, when three accounts race for the same new phone", async () => {
    const racers = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const results = await Promise.all(
      racers.map((user) =>
        injectAs(t.app, user, {
          method: "PATCH",
          url: "/api/me",
          payload: { phoneNumber: "+14155550199" },
        }),
      ),
    );
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().user.phoneNumber).toBe("+14155550199");
    }
    // One of them holds it; the others keep it aside until a texted code proves it.
    const holders = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, "+14155550199"));
    expect(holders).toHaveLength(1);
  });
});
