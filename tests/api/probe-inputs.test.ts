// The inputs an outside probe answered with 500, kept as fixtures: each now
// gets a 4xx with a message a person can act on, or the harmless answer, and never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact } from "../helpers/contacts-test-kit";
import { build, createUser, injectAs, type TestApp, type TestUser } from "../helpers/test-app";

describe("inputs that once answered 500", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  it("an empty PATCH of an interaction changes nothing and answers it", async () => {
    const c = await addContact(t.app, user, { firstName: "Ada" });
    const logged = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/interactions`,
      payload: { note: "Hello" },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const interaction = logged.json().interaction;
    const res = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${c.id}/interactions/${interaction.id}`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().interaction).toEqual(interaction);
  });

  it("a multipart upload without a boundary is a 400 that says how to send the file", async () => {
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports/preview",
      headers: { "content-type": "multipart/form-data" },
      payload: "First Name\nAda",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/could not be read.*multipart form/);
  });

  it("a NUL in an uploaded file name is dropped, and the import still commits", async () => {
    const form =
      '--b\r\nContent-Disposition: form-data; name="file"; filename="con\u0000tacts.csv"\r\n' +
      "Content-Type: text/csv\r\n\r\nFirst Name\nNulla\r\n--b--\r\n";
    for (const url of ["/api/imports/preview", "/api/imports"]) {
      const res = await injectAs(t.app, user, {
        method: "POST",
        url,
        headers: { "content-type": "multipart/form-data; boundary=b" },
        payload: form,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).toContain("contacts.csv");
    }
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "GET /api/avatars/%s.svg is an unknown style (404)",
    async (style) => {
      const res = await t.app.inject({ url: `/api/avatars/${style}.svg?seed=x` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/^Unknown avatar style/);
    },
  );

  it.each([
    ["a bare string", '"x"', "The request body must be a JSON object."],
    ["an array", "[1]", "The request body must be a JSON object."],
    ["broken JSON", "{", "The request body is not valid JSON."],
    [
      "NUL in the name",
      JSON.stringify({ name: "a\u0000b" }),
      "Text must not contain NUL characters (\\u0000).",
    ],
    [
      "NUL in the image",
      JSON.stringify({ image: "a\u0000b" }),
      "Text must not contain NUL characters (\\u0000).",
    ],
  ])("update-user with %s is a 400", async (_label, payload, message) => {
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/update-user",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it("update-user with name null or blank is a 400 and keeps the name", async () => {
    for (const name of [null, "  ", 5]) {
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/auth/update-user",
        payload: { name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
    }
    const session = await injectAs(t.app, user, { url: "/api/auth/get-session" });
    expect(session.json().user.name).toBe(user.email.split("@")[0]);
  });
});
