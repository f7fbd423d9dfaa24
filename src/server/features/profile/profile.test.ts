// The profile API (spec 02 §2, §4, §5, §8) on a real database: creation and seed backfill,
// the form's validation and country rule, and avatars generated or uploaded.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GIF_JS_POLYGLOT,
  makeJpeg,
  makeNoisePng,
  makePng,
  makePolyglotPng,
  SVG,
  TEXT_AS_PNG,
} from "../../../../tests/helpers/images-kit";
import { multipart } from "../../../../tests/helpers/import-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { PROFILE_MESSAGES, type Profile } from "../../../core/profile";
import { profiles, users } from "../../db/schema/index";
import { detectImageFormat } from "../../lib/images";
import { parseFileUrl } from "../../lib/storage/storage";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const patch = (user: TestUser, payload: object) =>
  injectAs(t.app, user, { method: "PATCH", url: "/api/profile", payload });

async function uploadAvatar(user: TestUser, name: string, content: Uint8Array, type: string) {
  const body = await multipart({ name, content, type });
  return injectAs(t.app, user, { method: "POST", url: "/api/profile/avatar/upload", ...body });
}

describe("GET /api/profile", () => {
  it("needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(401);
  });

  it("creates a missing profile with a random seed, dicebear and no URL", async () => {
    const user = await createUser(t.app);
    await t.app.db.delete(profiles).where(eq(profiles.id, user.id));
    const res = await injectAs(t.app, user, { method: "GET", url: "/api/profile" });
    expect(res.statusCode).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({ email: user.email, avatarType: "dicebear", avatarUrl: "" });
    expect(profile.dicebearSeed).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.dicebearStyle).toBe("avataaars");
  });

  it("backfills a missing seed", async () => {
    const user = await createUser(t.app);
    await t.app.db.update(profiles).set({ dicebearSeed: "" }).where(eq(profiles.id, user.id));
    const profile = (
      await injectAs(t.app, user, { method: "GET", url: "/api/profile" })
    ).json<Profile>();
    expect(profile.dicebearSeed).not.toBe("");
    const [row] = await t.app.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.dicebearSeed).toBe(profile.dicebearSeed);
  });
});

describe("PATCH /api/profile", () => {
  it("saves names and a place, sanitised, and keeps the account name in step", async () => {
    const user = await createUser(t.app);
    const res = await patch(user, {
      firstName: "  Ada\u0007 ",
      lastName: "Lovelace",
      city: " Lisbon ",
      state: "Lisboa",
      country: "Portugal",
      countryCode: "pt",
      latitude: 38.72,
      longitude: -9.14,
      streetAddress: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Profile>()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      city: "Lisbon",
      country: "Portugal",
      countryCode: "PT",
      streetAddress: null,
      latitude: 38.72,
      longitude: -9.14,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe("Ada Lovelace");
    const me = await injectAs(t.app, user, { method: "GET", url: "/api/me" });
    expect(me.json<{ profile: { firstName: string } }>().profile.firstName).toBe("Ada");
  });

  it("refuses an address without a country, on the address field, and writes nothing", async () => {
    const user = await createUser(t.app);
    for (const field of ["streetAddress", "city", "state", "postalCode"]) {
      const res = await patch(user, { firstName: "Changed", [field]: "Somewhere 1" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          message: PROFILE_MESSAGES.countryRequired,
          fields: { streetAddress: PROFILE_MESSAGES.countryRequired },
        },
      });
    }
    const [row] = await t.app.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.firstName).not.toBe("Changed");
    expect(row?.city).toBeNull();
    // Clearing the country while a city is saved is the same mistake.
    expect((await patch(user, { city: "Porto", country: "Portugal" })).statusCode).toBe(200);
    expect((await patch(user, { country: "" })).statusCode).toBe(400);
    // A country alone is fine (the place is a country).
    expect((await patch(user, { city: null, country: "Portugal" })).statusCode).toBe(200);
  });

  it("refuses coordinates out of range or without their pair, and over-long text", async () => {
    const user = await createUser(t.app);
    const bad = [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: -181 },
      { latitude: 10 },
      { latitude: "10", longitude: "20" },
      { firstName: "x".repeat(101) },
      { countryCode: "PRT" },
    ];
    for (const payload of bad) expect((await patch(user, payload)).statusCode).toBe(400);
  });
});

describe("avatars", () => {
  it("saves a generated style and seed, and refuses a style we do not render", async () => {
    const user = await createUser(t.app);
    const put = (payload: object) =>
      injectAs(t.app, user, { method: "PUT", url: "/api/profile/avatar", payload });
    const ok = await put({ avatarType: "dicebear", dicebearStyle: "bottts", dicebearSeed: "s-1" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Profile>()).toMatchObject({
      avatarType: "dicebear",
      dicebearStyle: "bottts",
      dicebearSeed: "s-1",
      avatarUrl: "",
    });
    const svg = await t.app.inject({
      method: "GET",
      url: "/api/avatars/bottts.svg?seed=s-1&size=128",
    });
    expect(svg.statusCode).toBe(200);
    expect(
      (await put({ avatarType: "dicebear", dicebearStyle: "nope", dicebearSeed: "x" })).statusCode,
    ).toBe(400);
  });

  it("accepts a real PNG and JPEG, stores a square WebP, and serves it to its owner", async () => {
    const user = await createUser(t.app);
    for (const [name, content, type] of [
      ["me.png", await makePng(300, 200), "image/png"],
      ["me.jpg", await makeJpeg(120, 160), "image/jpeg"],
    ] as const) {
      const res = await uploadAvatar(user, name, content, type);
      expect(res.statusCode).toBe(200);
      const { url } = res.json<{ url: string }>();
      expect(url).toMatch(
        new RegExp(`^/api/files/avatars/profile-avatars/${user.id}-\\d+\\.webp$`),
      );
      const file = await injectAs(t.app, user, { method: "GET", url });
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(detectImageFormat(file.rawPayload)).toBe("webp");
      expect(file.rawPayload.includes("private-marker")).toBe(false);
    }
  });

  it("refuses a renamed text file, an SVG, a 3 MB image and a GIF/JS polyglot, storing nothing", async () => {
    const user = await createUser(t.app);
    const cases = [
      ["notes.png", TEXT_AS_PNG, "image/png", 415, PROFILE_MESSAGES.invalidFile],
      ["logo.svg", SVG, "image/svg+xml", 415, PROFILE_MESSAGES.invalidFile],
      ["big.png", await makeNoisePng(3), "image/png", 413, PROFILE_MESSAGES.tooLarge],
      ["x.gif", GIF_JS_POLYGLOT, "image/gif", 415, PROFILE_MESSAGES.invalidFile],
    ] as const;
    for (const [name, content, type, status, message] of cases) {
      const res = await uploadAvatar(user, name, content, type);
      expect(res.statusCode, name).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    expect(await t.app.storage.list("avatars", `profile-avatars/${user.id}-`)).toEqual([]);
  });

  it("neutralises a PNG/HTML polyglot: what is served is only the re-encoded image", async () => {
    const user = await createUser(t.app);
    const res = await uploadAvatar(user, "poly.png", await makePolyglotPng(), "image/png");
    expect(res.statusCode).toBe(200);
    const file = await injectAs(t.app, user, {
      method: "GET",
      url: res.json<{ url: string }>().url,
    });
    expect(file.rawPayload.includes("<script>")).toBe(false);
    expect(file.headers["content-type"]).toBe("image/webp");
  });

  it("uses an uploaded image as the avatar, only the user's own, and drops replaced files", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const first = (await uploadAvatar(user, "a.png", await makePng(), "image/png")).json<{
      url: string;
    }>().url;
    const second = (await uploadAvatar(user, "b.png", await makePng(90, 90), "image/png")).json<{
      url: string;
    }>().url;
    const put = (who: TestUser, payload: object) =>
      injectAs(t.app, who, { method: "PUT", url: "/api/profile/avatar", payload });

    // Someone else's upload, or any other URL, is refused.
    expect((await put(other, { avatarType: "custom", avatarUrl: second })).statusCode).toBe(400);
    expect(
      (await put(user, { avatarType: "custom", avatarUrl: "https://evil.example/x.png" }))
        .statusCode,
    ).toBe(400);

    const saved = await put(user, { avatarType: "custom", avatarUrl: second });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Profile>()).toMatchObject({ avatarType: "custom", avatarUrl: second });
    const keys = await t.app.storage.list("avatars", `profile-avatars/${user.id}-`);
    expect(keys).toEqual([parseFileUrl(second)?.key]);
    expect(parseFileUrl(first)).not.toBeNull();

    // Back to a generated avatar: the uploaded file goes too.
    await put(user, { avatarType: "dicebear", dicebearStyle: "avataaars", dicebearSeed: "x" });
    expect(await t.app.storage.list("avatars", `profile-avatars/${user.id}-`)).toEqual([]);
  });
});
