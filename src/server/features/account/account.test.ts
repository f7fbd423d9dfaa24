import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";

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

  it("refuses a phone that another account uses", async () => {
    const res = await injectAs(t.app, bob, {
      method: "PATCH",
      url: "/api/me",
      payload: { phoneNumber: "+14155550100" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("That phone number is already used by another account.");
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

  it("answers 409, never 500, when two accounts race for the same new phone", async () => {
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
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error.message).toBe("That phone number is already used by another account.");
    }
  });
});
