// Fuzz over every route that takes a multipart form: broken boundaries, cut-off
// parts, wrong files and odd headers. No answer may be a 500, and none may take more than 2 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, TEXT_AS_PNG } from "../helpers/images-kit";
import { build, createUser, injectAs, type TestApp, type TestUser } from "../helpers/test-app";

/** The routes that read multipart bodies (import, avatar, feedback with its screenshot). */
const MULTIPART_ROUTES = [
  "/api/imports/preview",
  "/api/imports/left-over",
  "/api/imports",
  "/api/profile/avatar/upload",
  "/api/feedback",
];

function part(headers: string, body: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--b\r\n${headers}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from("\r\n"),
  ]);
}

async function brokenBodies(): Promise<[string, string, Buffer][]> {
  const png = await makePng();
  const file = (name: string, type: string, body: string | Buffer) =>
    part(
      `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}`,
      body,
    );
  const end = Buffer.from("--b--\r\n");
  return [
    ["no boundary", "multipart/form-data", Buffer.from("First Name\nAda")],
    ["empty boundary", "multipart/form-data; boundary=", Buffer.from("--\r\n")],
    [
      "wrong boundary",
      "multipart/form-data; boundary=zzz",
      Buffer.concat([file("a.csv", "text/csv", "First Name\nAda"), end]),
    ],
    [
      "no closing boundary",
      "multipart/form-data; boundary=b",
      file("a.csv", "text/csv", "First Name\nAda"),
    ],
    [
      "cut off inside headers",
      "multipart/form-data; boundary=b",
      Buffer.from("--b\r\nContent-Disposition: form-da"),
    ],
    ["empty body", "multipart/form-data; boundary=b", Buffer.alloc(0)],
    ["only the end", "multipart/form-data; boundary=b", end],
    [
      "a part without a name",
      "multipart/form-data; boundary=b",
      Buffer.concat([part("Content-Type: text/plain", "x"), end]),
    ],
    [
      "a PNG as the CSV",
      "multipart/form-data; boundary=b",
      Buffer.concat([file("a.csv", "text/csv", png), end]),
    ],
    [
      "text named .png",
      "multipart/form-data; boundary=b",
      Buffer.concat([file("me.png", "image/png", TEXT_AS_PNG), end]),
    ],
    [
      "two files",
      "multipart/form-data; boundary=b",
      Buffer.concat([file("a.png", "image/png", png), file("b.png", "image/png", png), end]),
    ],
    [
      "NUL and bidi in names",
      "multipart/form-data; boundary=b",
      Buffer.concat([
        part('Content-Disposition: form-data; name="fi\u0000le"; filename="\u202e\u0000.csv"', "x"),
        end,
      ]),
    ],
    [
      "a 100 KB header",
      "multipart/form-data; boundary=b",
      Buffer.concat([
        part(`Content-Disposition: form-data; name="file"; filename="${"x".repeat(100_000)}"`, "x"),
        end,
      ]),
    ],
    [
      "bad JSON options",
      "multipart/form-data; boundary=b",
      Buffer.concat([
        part('Content-Disposition: form-data; name="options"', "{nope"),
        file("a.csv", "text/csv", "First Name\nAda"),
        end,
      ]),
    ],
    [
      "form fields only",
      "multipart/form-data; boundary=b",
      Buffer.concat([part('Content-Disposition: form-data; name="message"', "\u0000\ud800"), end]),
    ],
  ];
}

describe("multipart fuzz", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    // Import files are read in a worker thread, which starts on first use (1–2 s under tsx, more
    // on a loaded machine): started here, as in route-fuzz, so the 2 s limit measures what a
    // broken form costs, not a thread's start.
    const warm = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports/preview",
      payload: { content: "First Name\nWarm" },
    });
    expect(warm.statusCode, warm.body).toBe(200);
  });
  afterAll(async () => t.close());

  it("never answers 500 or takes over 2 s on a broken form, on any multipart route", async () => {
    const wrong: string[] = [];
    const bodies = await brokenBodies();
    for (const url of MULTIPART_ROUTES) {
      for (const [name, type, payload] of bodies) {
        const started = performance.now();
        const res = await injectAs(t.app, user, {
          method: "POST",
          url,
          headers: { "content-type": type },
          payload,
        });
        const ms = performance.now() - started;
        if (res.statusCode >= 500) wrong.push(`${url} ${name} → ${res.statusCode} ${res.body}`);
        if (ms > 2_000) wrong.push(`${url} ${name} took ${ms.toFixed(0)} ms`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
