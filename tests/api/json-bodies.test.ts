// Every JSON body is refused plainly (400) when it is nested too deeply or holds NUL, on our
// routes and on Better Auth's, after the sign-in check of a route that needs one; an empty JSON
// body is an empty object.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/server/lib/json-body";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../helpers/test-app";

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("JSON bodies", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  const send = (url: string, payload: string, method: "POST" | "PUT" | "PATCH" = "POST") =>
    injectAs(t.app, user, {
      method,
      url,
      payload,
      headers: { "content-type": "application/json" },
    });

  it("answers 400 to 10,000 levels of nesting, on our routes and Better Auth's", async () => {
    for (const url of ["/api/auth/change-password", "/api/contacts", "/api/leads"]) {
      const res = await send(url, deep(10_000));
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe(
        `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`,
      );
    }
  });

  it("answers a signed-out caller 401 before looking at the body, and 400 on open routes", async () => {
    const signedOut = (url: string) =>
      t.app.inject({
        method: "POST",
        url,
        payload: deep(10_000),
        headers: { "content-type": "application/json", origin: TEST_APP_URL },
      });
    const contacts = await signedOut("/api/contacts");
    expect(contacts.statusCode, contacts.body).toBe(401);
    expect(contacts.json().error.message).toBe("Please sign in to continue.");
    const leads = await signedOut("/api/leads");
    expect(leads.statusCode, leads.body).toBe(400);
    expect(leads.json().error.message).toBe(
      `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`,
    );
  });

  it("answers 400 to a NUL in the avatar seed", async () => {
    const body = { avatarType: "dicebear", dicebearStyle: "bottts", dicebearSeed: "a\u0000b" };
    const res = await send("/api/profile/avatar", JSON.stringify(body), "PUT");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe("Text must not contain NUL characters (\\u0000).");
  });

  it("takes an empty JSON body on update-user as an empty object: nothing to update", async () => {
    const res = await send("/api/auth/update-user", "");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "No fields to update" });
  });
});
