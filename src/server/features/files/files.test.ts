// Stored files are served only to their owner, typed by their content, with nosniff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../../../../tests/helpers/images-kit";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { reencodeImage } from "../../lib/images";
import { avatarKey, fileUrl } from "../../lib/storage/storage";

describe("GET /api/files/{bucket}/{key}", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("serves a file to its owner only", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const image = await reencodeImage(await makePng(), { maxBytes: 1_000_000 });
    const key = avatarKey(owner.id, Date.now(), image.ext);
    await t.app.storage.put("avatars", key, image.bytes, image.contentType);
    const url = fileUrl("avatars", key);

    const mine = await injectAs(t.app, owner, { method: "GET", url });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/webp");
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect(mine.headers["cache-control"]).toContain("private");
    expect(mine.rawPayload.equals(image.bytes)).toBe(true);

    expect((await injectAs(t.app, other, { method: "GET", url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("does not serve what is not a re-encoded image, or a key we never build", async () => {
    const owner = await createUser(t.app);
    const key = avatarKey(owner.id, 1, "png");
    await t.app.storage.put("avatars", key, Buffer.from("<script>alert(1)</script>"), "image/png");
    const bad = await injectAs(t.app, owner, { method: "GET", url: fileUrl("avatars", key) });
    expect(bad.statusCode).toBe(404);
    for (const url of [
      "/api/files/avatars/..%2F..%2Fetc%2Fpasswd",
      "/api/files/other/x.png",
      `/api/files/avatars/profile-avatars/${owner.id}.webp`,
    ]) {
      expect((await injectAs(t.app, owner, { method: "GET", url })).statusCode).toBe(
        url.includes("other") ? 400 : 404,
      );
    }
  });
});
