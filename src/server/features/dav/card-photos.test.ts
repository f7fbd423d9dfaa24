// Photos and vCard versions on phone sync: the avatar goes out as the card's PHOTO (3.0 and 4.0
// forms) and comes back in through an upload's checks, a card that drops it removes it only
// when the phone edited the card that carried it, a bad photo refuses the whole card with a
// message, and iPhones get vCard 3.0 unless a client names 4.0.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact, getContact } from "../../../../tests/helpers/contacts-test-kit";
import { CARD_PATH, createDevice, dav } from "../../../../tests/helpers/dav-kit";
import { makeJpeg, makePng, TEXT_AS_PNG } from "../../../../tests/helpers/images-kit";
import { multipart } from "../../../../tests/helpers/import-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { parseFileUrl } from "../../lib/storage/storage";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const MULTIGET = (href: string, data = "<c:address-data/>") =>
  `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/>${data}</d:prop><d:href>${href}</d:href></c:addressbook-multiget>`;

function vcard(lines: string[]): string {
  return ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD", ""].join("\r\n");
}

async function setPhoto(user: TestUser, id: string, content: Uint8Array) {
  const body = await multipart({ name: "photo.png", content, type: "image/png" });
  const res = await injectAs(t.app, user, {
    method: "POST",
    url: `/api/contacts/${id}/photo`,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ photoUrl: string }>().photoUrl;
}

/** The card's text from a multistatus, unescaped and unfolded. */
function addressData(body: string): string {
  const data = /<card:address-data>([\s\S]*?)<\/card:address-data>/.exec(body)?.[1] ?? "";
  return data
    .replace(/&#13;/g, "\r")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\r\n /g, "");
}

const etagOf = (body: string) => /<d:getetag>&quot;(\d+)&quot;<\/d:getetag>/.exec(body)?.[1];

describe("photos on cards", () => {
  it("go out as PHOTO, a 256 px JPEG, in 3.0 or 4.0 form, and a new photo changes the ETag", async () => {
    const user = await createUser(t.app);
    const lin = await addContact(t.app, user, { firstName: "Lin", lastName: "Wei" });
    await setPhoto(user, lin.id, await makePng(600, 400));
    const device = await createDevice(t.app, user);
    const href = `${CARD_PATH}${lin.id}.vcf`;

    const v3 = await dav(t.app, device, { method: "REPORT", url: CARD_PATH, body: MULTIGET(href) });
    expect(v3.statusCode).toBe(207);
    const card3 = addressData(v3.body);
    expect(card3).toContain("VERSION:3.0\r\n");
    const base64 = /\r\nPHOTO;ENCODING=b;TYPE=JPEG:([A-Za-z0-9+/=]+)\r\n/.exec(card3)?.[1];
    expect(base64).toBeDefined();
    const meta = await sharp(Buffer.from(base64!, "base64")).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 256, height: 256 });

    const v4 = await dav(t.app, device, {
      method: "REPORT",
      url: CARD_PATH,
      body: MULTIGET(href, '<c:address-data content-type="text/vcard" version="4.0"/>'),
    });
    const card4 = addressData(v4.body);
    expect(card4).toContain("VERSION:4.0\r\n");
    expect(card4).toContain(`\r\nPHOTO:data:image/jpeg;base64,${base64}\r\n`);

    const before = etagOf(v3.body);
    await setPhoto(user, lin.id, await makeJpeg(90, 90));
    const after = await dav(t.app, device, {
      method: "REPORT",
      url: CARD_PATH,
      body: MULTIGET(href),
    });
    expect(etagOf(after.body)).not.toBe(before);
    expect(addressData(after.body)).not.toContain(base64!);
  });

  it("come in from a phone's PUT as the avatar, checked and re-encoded; the same photo sent back stays", async () => {
    const user = await createUser(t.app);
    const device = await createDevice(t.app, user);
    const png = (await makePng(500, 300)).toString("base64");
    const put = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}ming.vcf`,
      body: vcard(["UID:ming-1", "FN:Ming Li", "N:Li;Ming;;;", `PHOTO;ENCODING=b;TYPE=PNG:${png}`]),
      headers: { "content-type": "text/vcard", "if-none-match": "*" },
    });
    expect(put.statusCode, put.body).toBe(201);
    const list = await injectAs(t.app, user, { url: "/api/contacts" });
    const ming = list.json().items.find((c: { firstName: string }) => c.firstName === "Ming");
    expect(ming.photoUrl).toMatch(/^\/api\/files\/avatars\/contact-photos\/.+\.webp$/);
    const file = parseFileUrl(ming.photoUrl)!;
    const stored = await t.app.storage.get(file.bucket, file.key);
    expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: "webp", width: 256 });

    // The phone edits the name and sends the photo it was given back: the avatar file stays.
    const get = await dav(t.app, device, { method: "GET", url: `${CARD_PATH}ming.vcf` });
    const edited = get.body.replace("FN:Ming Li", "FN:Ming Lee").replace("N:Li;Ming", "N:Lee;Ming");
    const update = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}ming.vcf`,
      body: edited,
      headers: { "content-type": "text/vcard", "if-match": get.headers.etag as string },
    });
    expect(update.statusCode, update.body).toBe(204);
    const after = await getContact(t.app, user, ming.id);
    expect(after.lastName).toBe("Lee");
    expect(after.photoUrl).toBe(ming.photoUrl);
  });

  it("leave the avatar when a card without PHOTO is written blind; go when the phone removed the one it had", async () => {
    const user = await createUser(t.app);
    const kim = await addContact(t.app, user, { firstName: "Kim" });
    const photoUrl = await setPhoto(user, kim.id, await makePng(120, 120));
    const device = await createDevice(t.app, user);
    const url = `${CARD_PATH}${kim.id}.vcf`;
    const plain = vcard(["FN:Kim", "N:;Kim;;;", "NOTE:from a phone"]);

    const blind = await dav(t.app, device, {
      method: "PUT",
      url,
      body: plain,
      headers: { "content-type": "text/vcard" },
    });
    expect(blind.statusCode, blind.body).toBe(204);
    expect(await getContact(t.app, user, kim.id)).toMatchObject({
      notes: "from a phone",
      photoUrl,
    });

    const get = await dav(t.app, device, { method: "GET", url });
    expect(get.body).toContain("PHOTO;ENCODING=b;TYPE=JPEG:");
    const dropped = get.body.replace(/PHOTO;[^\r]*\r\n( [^\r]*\r\n)*/, "");
    expect(dropped).not.toContain("PHOTO");
    const removed = await dav(t.app, device, {
      method: "PUT",
      url,
      body: dropped,
      headers: { "content-type": "text/vcard", "if-match": get.headers.etag as string },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await getContact(t.app, user, kim.id)).photoUrl).toBeNull();
    const file = parseFileUrl(photoUrl)!;
    expect(await t.app.storage.get(file.bucket, file.key)).toBeNull();
  });

  it("refuse the whole card, with a message, when its photo is not an image or too large", async () => {
    const user = await createUser(t.app);
    const ana = await addContact(t.app, user, { firstName: "Ana", company: "Before" });
    const device = await createDevice(t.app, user);
    const text = TEXT_AS_PNG.toString("base64");
    const bad = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}${ana.id}.vcf`,
      body: vcard(["FN:Ana", "N:;Ana;;;", "ORG:After", `PHOTO;ENCODING=b;TYPE=JPEG:${text}`]),
      headers: { "content-type": "text/vcard" },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain("valid-address-data");
    expect(bad.body).toContain(
      "The photo isn't an image we can read (PNG, JPEG, GIF or WebP). Nothing on the card was saved.",
    );
    expect((await getContact(t.app, user, ana.id)).company).toBe("Before");

    // A PNG signature on bytes that do not decode passes the first look, not the decoder.
    const broken = Buffer.concat([(await makePng()).subarray(0, 40), Buffer.alloc(200, 7)]);
    const undecodable = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}broken.vcf`,
      body: vcard([
        "FN:Broken",
        "N:;Broken;;;",
        `PHOTO:data:image/png;base64,${broken.toString("base64")}`,
      ]),
      headers: { "content-type": "text/vcard" },
    });
    expect(undecodable.statusCode).toBe(403);
    expect(undecodable.body).toContain("Nothing on the card was saved.");

    const huge = Buffer.concat([await makePng(), Buffer.alloc(2.2 * 1024 * 1024)]);
    const large = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}large.vcf`,
      body: vcard([
        "FN:Large",
        "N:;Large;;;",
        `PHOTO;ENCODING=b;TYPE=PNG:${huge.toString("base64")}`,
      ]),
      headers: { "content-type": "text/vcard" },
    });
    expect(large.statusCode).toBe(413);
    expect(large.body).toContain("max-resource-size");
    expect(large.body).toContain("a photo can be at most 2.0 MB. Nothing on the card was saved.");
    const list = await injectAs(t.app, user, { url: "/api/contacts" });
    expect(list.json().items.map((c: { firstName: string }) => c.firstName)).toEqual(["Ana"]);
  });
});

describe("vCard versions", () => {
  it("serves 3.0 by default and 4.0 when asked, advertises both, and reads a 3.0 card back whole", async () => {
    const user = await createUser(t.app);
    const rae = await addContact(t.app, user, {
      firstName: "Rae",
      lastName: "Okafor",
      emails: [{ label: "work", value: "rae@example.com" }],
      phones: [
        { label: "mobile", value: "+1 555 0100" },
        { label: "grandma's line", value: "+1 555 0101" },
      ],
      birthday: { day: 29, month: 2, year: null },
      notes: "Likes tea; not coffee, ever",
      rhythm: { interval: 3, unit: "week" },
    });
    const device = await createDevice(t.app, user);
    const url = `${CARD_PATH}${rae.id}.vcf`;

    const props = await dav(t.app, device, {
      method: "PROPFIND",
      url: CARD_PATH,
      headers: { depth: "0" },
      body: '<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:supported-address-data/></d:prop></d:propfind>',
    });
    expect(props.body).toContain(
      'version="3.0"/><card:address-data-type content-type="text/vcard" version="4.0"/>',
    );

    const v3 = await dav(t.app, device, { method: "GET", url });
    expect(v3.headers.vary).toBe("Accept");
    for (const line of [
      "VERSION:3.0",
      "EMAIL;TYPE=INTERNET,WORK:rae@example.com",
      "TEL;TYPE=CELL:+1 555 0100",
      "item1.TEL:+1 555 0101",
      "item1.X-ABLabel:grandma's line",
      "BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-29",
      "NOTE:Likes tea\\; not coffee\\, ever",
    ]) {
      expect(v3.body).toContain(`${line}\r\n`);
    }
    const v4 = await dav(t.app, device, {
      method: "GET",
      url,
      headers: { accept: "text/vcard;q=0.9, text/vcard;version=4.0" },
    });
    expect(v4.body).toContain("VERSION:4.0\r\n");
    expect(v4.body).toContain("BDAY:--0229\r\n");

    // The phone sends its 3.0 card back unchanged: every field reads back as it was.
    const put = await dav(t.app, device, {
      method: "PUT",
      url,
      body: v3.body,
      headers: { "content-type": "text/vcard", "if-match": v3.headers.etag as string },
    });
    expect(put.statusCode, put.body).toBe(204);
    const after = await getContact(t.app, user, rae.id);
    const { updatedAt: _u, ...same } = rae;
    expect(after).toMatchObject(same);
  });

  it("refuses a version it cannot write, naming the ones it can", async () => {
    const user = await createUser(t.app);
    const one = await addContact(t.app, user, { firstName: "One" });
    const device = await createDevice(t.app, user);
    const res = await dav(t.app, device, {
      method: "REPORT",
      url: CARD_PATH,
      body: MULTIGET(`${CARD_PATH}${one.id}.vcf`, '<c:address-data version="2.1"/>'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("supported-address-data");
    expect(res.body).toContain("version 3.0 or 4.0");
  });
});
