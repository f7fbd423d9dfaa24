// A card's photo through the real path: checked and re-encoded like an avatar, stored, served
// by URL to its owner only, written back into the vCard export, and read again from it.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import android21 from "../../../../tests/fixtures/import/android-v21.vcf?raw";
import rfc6350 from "../../../../tests/fixtures/import/rfc6350-v4.vcf?raw";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { upload } from "../../../../tests/helpers/import-test-kit";

type ApiContact = { firstName: string; photoUrl: string | null };

describe("contact photos from a vCard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  const contactsOf = async (user: Awaited<ReturnType<typeof createUser>>) => {
    const res = await injectAs(t.app, user, { url: "/api/contacts" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: ApiContact[] }>().items;
  };

  it("stores a 2.1 and a 4.0 photo as the contact's photo, served to its owner only", async () => {
    const user = await createUser(t.app);
    for (const [name, content] of [
      ["android.vcf", android21],
      ["rfc6350.vcf", rfc6350],
    ] as const) {
      const res = await upload(t.app, user, "/api/imports", { name, content, type: "text/vcard" });
      expect(res.statusCode, res.body).toBe(201);
    }
    const contacts = await contactsOf(user);
    const byName = (first: string) => contacts.find((c) => c.firstName === first)!;
    expect(byName("Jörg").photoUrl).toMatch(/^\/api\/files\/avatars\/contact-photos\/.+\.webp$/);
    expect(byName("Simon").photoUrl).toMatch(/^\/api\/files\/avatars\/contact-photos\/.+\.webp$/);
    // No photo, and a photo given as a link (never fetched): initials.
    expect(byName("Ngozi").photoUrl).toBeNull();
    expect(byName("Amara").photoUrl).toBeNull();

    const photo = await injectAs(t.app, user, { url: byName("Jörg").photoUrl! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.headers["cache-control"]).toContain("immutable");
    const meta = await sharp(photo.rawPayload).metadata();
    // Re-encoded as an avatar is, but a small photo is not enlarged to the avatar's 256 px.
    expect(meta).toMatchObject({ format: "webp", width: 8, height: 8 });

    const stranger = await createUser(t.app);
    const other = await injectAs(t.app, stranger, { url: byName("Jörg").photoUrl! });
    expect(other.statusCode).toBe(404);
  });

  it("names a bad photo on its row in the review and imports the person without it", async () => {
    const user = await createUser(t.app);
    const content = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Lin Wei",
      "N:Wei;Lin;;;",
      // JPEG's first bytes, then nothing an image decoder can read.
      "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Ana Lima",
      "N:Lima;Ana;;;",
      "PHOTO;ENCODING=b;TYPE=PNG:PGh0bWw+PC9odG1sPg==",
      "END:VCARD",
      "",
    ].join("\r\n");
    const preview = await upload(t.app, user, "/api/imports/preview", {
      name: "bad.vcf",
      content,
      type: "text/vcard",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows[1].warnings).toEqual([
      {
        field: "photo",
        message: "The photo isn't an image we can read (PNG, JPEG, GIF or WebP). Left out.",
      },
    ]);
    const res = await upload(t.app, user, "/api/imports", {
      name: "bad.vcf",
      content,
      type: "text/vcard",
    });
    expect(res.statusCode, res.body).toBe(201);
    const contacts = await contactsOf(user);
    expect(contacts.map((c) => [c.firstName, c.photoUrl])).toEqual(
      expect.arrayContaining([
        ["Lin", null],
        ["Ana", null],
      ]),
    );
    // Lin's photo looked like a JPEG to the review and could not be read when stored: the
    // "Import finished" notification names her (Ana's was named on her row already).
    const notifications = await injectAs(t.app, user, { url: "/api/notifications" });
    const finished = notifications
      .json<{ title: string; content: string }[]>()
      .find((n) => n.title === "Import finished");
    expect(finished?.content).toContain("A photo we couldn&#39;t read was left out for Lin Wei.");
    expect(finished?.content).not.toContain("Ana Lima");
  });

  it("writes the photo into the vCard export, and a round trip keeps it", async () => {
    const user = await createUser(t.app);
    const res = await upload(t.app, user, "/api/imports", {
      name: "android.vcf",
      content: android21,
      type: "text/vcard",
    });
    expect(res.statusCode, res.body).toBe(201);
    const exported = await injectAs(t.app, user, { url: "/api/exports/contacts.vcf" });
    expect(exported.statusCode).toBe(200);
    const unfolded = exported.body.replace(/\r\n /g, "");
    const photos = unfolded.match(/^PHOTO:data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/gm) ?? [];
    expect(photos).toHaveLength(1);
    const jpeg = Buffer.from(photos[0]!.split(",")[1]!, "base64");
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 8 });

    const target = await createUser(t.app);
    const again = await upload(t.app, target, "/api/imports", {
      name: "contacts.vcf",
      content: exported.body,
      type: "text/vcard",
    });
    expect(again.statusCode, again.body).toBe(201);
    const contacts = await contactsOf(target);
    expect(contacts.find((c) => c.firstName === "Jörg")?.photoUrl).toMatch(/contact-photos/);
    expect(contacts.find((c) => c.firstName === "Ngozi")?.photoUrl).toBeNull();
  });

  it("removes a photo from storage with its contact, and with an import that is undone", async () => {
    const user = await createUser(t.app);
    const first = await upload(t.app, user, "/api/imports", {
      name: "android.vcf",
      content: android21,
      type: "text/vcard",
    });
    expect(first.statusCode, first.body).toBe(201);
    const jorg = (await contactsOf(user)).find((c) => c.firstName === "Jörg") as ApiContact & {
      id: string;
    };
    const deleted = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/contacts/${jorg.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await injectAs(t.app, user, { url: jorg.photoUrl! })).statusCode).toBe(404);

    const second = await upload(t.app, user, "/api/imports", {
      name: "rfc6350.vcf",
      content: rfc6350,
      type: "text/vcard",
    });
    expect(second.statusCode, second.body).toBe(201);
    const simon = (await contactsOf(user)).find((c) => c.firstName === "Simon")!;
    expect((await injectAs(t.app, user, { url: simon.photoUrl! })).statusCode).toBe(200);
    const undo = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/imports/${second.json<{ import: { id: string } }>().import.id}/undo`,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await injectAs(t.app, user, { url: simon.photoUrl! })).statusCode).toBe(404);
  });
});
