// A contact's photo set and removed by hand: checked and re-encoded like an avatar, served to the
// owner only, the replaced file gone from storage, and nothing stored for another's contact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, SVG, TEXT_AS_PNG } from "../../../../tests/helpers/images-kit";
import { multipart } from "../../../../tests/helpers/import-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { detectImageFormat } from "../../lib/images";
import { parseFileUrl } from "../../lib/storage/storage";
import { CONTACT_PHOTO_MESSAGES } from "./contact-photo.routes";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

async function newContact(user: TestUser): Promise<string> {
  const res = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/contacts",
    payload: { firstName: "Grace" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function setPhoto(user: TestUser, id: string, content: Uint8Array, type = "image/png") {
  const body = await multipart({ name: "photo.png", content, type });
  return injectAs(t.app, user, { method: "POST", url: `/api/contacts/${id}/photo`, ...body });
}

const stored = async (url: string) => {
  const file = parseFileUrl(url)!;
  return t.app.storage.get(file.bucket, file.key);
};

describe("a contact's photo", () => {
  it("is set from an image, re-encoded, shown to its owner only, replaced and removed", async () => {
    const user = await createUser(t.app);
    const id = await newContact(user);
    const first = await setPhoto(user, id, await makePng(300, 200));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json<{ photoUrl: string }>().photoUrl;
    expect(firstUrl).toMatch(/^\/api\/files\/avatars\/contact-photos\/.+\.webp$/);
    const served = await injectAs(t.app, user, { url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(detectImageFormat(served.rawPayload)).toBe("webp");
    const other = await createUser(t.app);
    expect((await injectAs(t.app, other, { url: firstUrl })).statusCode).toBe(404);
    // The list row carries the address, not the image.
    const list = await injectAs(t.app, user, { url: "/api/contacts" });
    expect(JSON.stringify(list.json())).toContain(firstUrl);

    const second = await setPhoto(user, id, await makePng(64, 64));
    const secondUrl = second.json<{ photoUrl: string }>().photoUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stored(firstUrl)).toBeNull();

    const removed = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/contacts/${id}/photo`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ photoUrl: string | null }>().photoUrl).toBeNull();
    expect(await stored(secondUrl)).toBeNull();
  });

  it("refuses what is not an image, in words, and keeps the photo it had", async () => {
    const user = await createUser(t.app);
    const id = await newContact(user);
    const kept = (await setPhoto(user, id, await makePng())).json<{ photoUrl: string }>();
    for (const [content, type] of [
      [TEXT_AS_PNG, "image/png"],
      [Buffer.from(SVG), "image/svg+xml"],
    ] as const) {
      const res = await setPhoto(user, id, content, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe(CONTACT_PHOTO_MESSAGES.notImage);
    }
    const empty = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${id}/photo`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const contact = await injectAs(t.app, user, { url: `/api/contacts/${id}` });
    expect(contact.json().photoUrl).toBe(kept.photoUrl);
  });

  it("stores nothing for another user's contact or one that does not exist", async () => {
    const owner = await createUser(t.app);
    const id = await newContact(owner);
    const stranger = await createUser(t.app);
    const res = await setPhoto(stranger, id, await makePng());
    expect(res.statusCode).toBe(404);
    const missing = await setPhoto(
      stranger,
      "7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001",
      await makePng(),
    );
    expect(missing.statusCode).toBe(404);
    const removed = await injectAs(t.app, stranger, {
      method: "DELETE",
      url: `/api/contacts/${id}/photo`,
    });
    expect(removed.statusCode).toBe(404);
    const contact = await injectAs(t.app, owner, { url: `/api/contacts/${id}` });
    expect(contact.json().photoUrl).toBeNull();
  });
});
