// Phone sync (issue 52): device passwords through the API, and the CardDAV server as tsdav (a
// real client library) and plain requests see it: discovery, cards both ways with nothing Tend
// keeps lost, sync tokens that report archived cards gone, stale writes refused, read-only
// devices, other accounts out of reach, revocation, and the limit's 503 with Retry-After.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { DAVClient } from "tsdav";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact, getContact } from "../../../../tests/helpers/contacts-test-kit";
import { CARD_PATH, createDevice, dav } from "../../../../tests/helpers/dav-kit";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { devicePasswords } from "../../db/schema/index";

const SYNC = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

function vcard(lines: string[]): string {
  return ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD", ""].join("\r\n");
}

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

describe("device passwords", () => {
  it("shows a password once, keeps only its hash, lists and revokes at once", async () => {
    const user = await createUser(t.app);
    const created = await createDevice(t.app, user, { name: "Anna's iPhone", access: "read" });
    expect(created).toMatchObject({
      url: "http://localhost:3000/dav/",
      username: user.email,
      device: { name: "Anna's iPhone", access: "read", lastUsedAt: null },
    });
    expect(created.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    const [stored] = await t.app.db
      .select()
      .from(devicePasswords)
      .where(eq(devicePasswords.id, created.id));
    expect(JSON.stringify(stored)).not.toContain(created.password);

    const ok = await dav(t.app, created, {
      method: "PROPFIND",
      url: "/dav/",
      headers: { depth: "0" },
    });
    expect(ok.statusCode).toBe(207);
    const list = await injectAs(t.app, user, { url: "/api/devices" });
    expect(list.json().devices).toHaveLength(1);
    expect(list.json().devices[0].lastUsedAt).not.toBeNull();
    expect(list.body).not.toContain(created.password);

    const revoked = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/devices/${created.id}`,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await dav(t.app, created, { method: "PROPFIND", url: "/dav/" });
    expect(after.statusCode).toBe(401);
    expect(after.headers["www-authenticate"]).toMatch(/^Basic realm=/);
  });

  it("never takes the account's own password", async () => {
    const user = await createUser(t.app, { password: "correct-horse-1" });
    const res = await dav(
      t.app,
      { username: user.email, password: "correct-horse-1" },
      {
        method: "PROPFIND",
        url: "/dav/",
      },
    );
    expect(res.statusCode).toBe(401);
  });

  it("are revoked when the user signs out everywhere else", async () => {
    const user = await createUser(t.app);
    const device = await createDevice(t.app, user);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/revoke-other-sessions",
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await dav(t.app, device, { method: "PROPFIND", url: "/dav/" });
    expect(after.statusCode).toBe(401);
    expect((await injectAs(t.app, user, { url: "/api/devices" })).json().devices).toEqual([]);
  });

  it("refuses a nameless device with a message", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/devices",
      payload: { name: " ", access: "read" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Name the device");
  });
});

describe("CardDAV", () => {
  it("is found by tsdav from the server's address, and cards go both ways keeping what Tend holds", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const user = await createUser(t.app);
    const ada = await addContact(t.app, user, {
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Analytical Engines",
      emails: [{ label: "work", value: "ada@example.com" }],
      phones: [{ label: "mobile", value: "+44 20 7946 0001" }],
      birthday: { day: 10, month: 12, year: 1815 },
      tags: ["math"],
      notes: "Met at the salon",
      rhythm: { interval: 2, unit: "week" },
      lastContactedOn: "2026-01-05",
      latitude: 51.5,
      longitude: -0.12,
    });
    const device = await createDevice(t.app, user);
    const client = new DAVClient({
      serverUrl: `http://127.0.0.1:${port}/`,
      credentials: { username: device.username, password: device.password },
      authMethod: "Basic",
      defaultAccountType: "carddav",
    });
    await client.login();
    const books = await client.fetchAddressBooks();
    expect(books).toHaveLength(1);
    const cards = await client.fetchVCards({ addressBook: books[0]! });
    expect(cards).toHaveLength(1);
    const text = String(cards[0]!.data);
    // tsdav names no version: it gets CardDAV's default, vCard 3.0, as iPhones do.
    for (const line of [
      "VERSION:3.0",
      "FN:Ada Lovelace",
      "ORG:Analytical Engines",
      "EMAIL;TYPE=INTERNET,WORK:ada@example.com",
      "TEL;TYPE=CELL:+44 20 7946 0001",
      "BDAY;VALUE=date:1815-12-10",
      "CATEGORIES:math",
      "NOTE:Met at the salon",
    ]) {
      expect(text).toContain(line);
    }

    // The phone edits the number and drops what it does not know; Tend keeps the rest.
    const edited = text
      .replace("+44 20 7946 0001", "+44 20 7946 0002")
      .split("\r\n")
      .filter((line) => !line.startsWith("X-TEND-") && !line.startsWith("GEO"))
      .join("\r\n");
    const update = await client.updateVCard({ vCard: { ...cards[0]!, data: edited } });
    expect(update.status).toBe(204);
    const after = await getContact(t.app, user, ada.id);
    expect(after.phones).toEqual([{ label: "mobile", value: "+44 20 7946 0002" }]);
    expect(after).toMatchObject({
      rhythm: { interval: 2, unit: "week" },
      lastContactedAt: ada.lastContactedAt,
      latitude: 51.5,
      longitude: -0.12,
      company: "Analytical Engines",
      tags: ["math"],
    });

    const created = await client.createVCard({
      addressBook: books[0]!,
      filename: "grace.vcf",
      vCardString: vcard([
        "UID:grace-1",
        "FN:Grace Hopper",
        "N:Hopper;Grace;;;",
        "item1.TEL:+1 555 0100",
        "item1.X-ABLabel:Navy desk",
        "TEL;TYPE=CELL:+1 555 0101",
      ]),
    });
    expect(created.status).toBe(201);
    const list = await injectAs(t.app, user, { url: "/api/contacts" });
    const grace = list.json().items.find((c: { firstName: string }) => c.firstName === "Grace");
    expect(grace.phones).toEqual([
      { label: "navy desk", value: "+1 555 0100" },
      { label: "mobile", value: "+1 555 0101" },
    ]);
    const fetched = await t.app.inject({
      url: `${CARD_PATH}grace.vcf`,
      headers: {
        authorization: `Basic ${Buffer.from(`${device.username}:${device.password}`).toString("base64")}`,
      },
    });
    expect(fetched.body).toContain("UID:grace-1");
  });

  it("reports changed and archived cards since a sync token, and refuses a token it never gave", async () => {
    const user = await createUser(t.app);
    const keep = await addContact(t.app, user, { firstName: "Keep" });
    const leave = await addContact(t.app, user, { firstName: "Leave" });
    const device = await createDevice(t.app, user);
    const first = await dav(t.app, device, { method: "REPORT", url: CARD_PATH, body: SYNC("") });
    expect(first.statusCode).toBe(207);
    expect(first.body).toContain(`${keep.id}.vcf`);
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first.body)![1]!;

    const same = await dav(t.app, device, { method: "REPORT", url: CARD_PATH, body: SYNC(token) });
    expect(same.body).not.toContain("<d:response>");

    await injectAs(t.app, user, { method: "POST", url: `/api/contacts/${leave.id}/archive` });
    await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${keep.id}`,
      payload: { company: "Acme" },
    });
    const next = await dav(t.app, device, { method: "REPORT", url: CARD_PATH, body: SYNC(token) });
    expect(next.body).toMatch(
      new RegExp(`${leave.id}\\.vcf</d:href><d:status>HTTP/1.1 404 Not Found`),
    );
    expect(next.body).toMatch(new RegExp(`${keep.id}\\.vcf</d:href><d:propstat>`));

    const bad = await dav(t.app, device, {
      method: "REPORT",
      url: CARD_PATH,
      body: SYNC("http://elsewhere/sync/9"),
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain("valid-sync-token");
  });

  it("refuses a stale write (412), a read-only device's writes (403) and other accounts' cards", async () => {
    const owner = await createUser(t.app);
    const contact = await addContact(t.app, owner, { firstName: "Owned" });
    const device = await createDevice(t.app, owner);
    const url = `${CARD_PATH}${contact.id}.vcf`;
    const get = await dav(t.app, device, { method: "GET", url });
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    await injectAs(t.app, owner, {
      method: "PATCH",
      url: `/api/contacts/${contact.id}`,
      payload: { company: "Changed in Tend" },
    });
    const stale = await dav(t.app, device, {
      method: "PUT",
      url,
      body: vcard(["FN:Owned", "N:;Owned;;;"]),
      headers: { "content-type": "text/vcard", "if-match": etag },
    });
    expect(stale.statusCode).toBe(412);
    expect((await getContact(t.app, owner, contact.id)).company).toBe("Changed in Tend");
    const exists = await dav(t.app, device, {
      method: "PUT",
      url,
      body: vcard(["FN:Owned", "N:;Owned;;;"]),
      headers: { "content-type": "text/vcard", "if-none-match": "*" },
    });
    expect(exists.statusCode).toBe(412);

    const reader = await createDevice(t.app, owner, { access: "read" });
    const put = await dav(t.app, reader, {
      method: "PUT",
      url: `${CARD_PATH}new.vcf`,
      body: vcard(["FN:New", "N:;New;;;"]),
      headers: { "content-type": "text/vcard" },
    });
    expect(put.statusCode).toBe(403);
    const del = await dav(t.app, reader, { method: "DELETE", url });
    expect(del.statusCode).toBe(403);

    const stranger = await createUser(t.app);
    const theirs = await createDevice(t.app, stranger);
    for (const method of ["GET", "DELETE", "PROPFIND"]) {
      const res = await dav(t.app, theirs, { method, url });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await getContact(t.app, owner, contact.id)).archivedAt).toBeNull();

    const deleted = await dav(t.app, device, { method: "DELETE", url });
    expect(deleted.statusCode).toBe(204);
    expect((await getContact(t.app, owner, contact.id)).archivedAt).not.toBeNull();
  });

  it("cards carry RELATED, and a phone's card without it leaves Tend's links alone", async () => {
    const owner = await createUser(t.app);
    const sam = await addContact(t.app, owner, { firstName: "Sam" });
    const jo = await addContact(t.app, owner, { firstName: "Jo" });
    const device = await createDevice(t.app, owner);
    const url = `${CARD_PATH}${sam.id}.vcf`;
    const before = await dav(t.app, device, { method: "GET", url });
    const linked = await injectAs(t.app, owner, {
      method: "POST",
      url: `/api/contacts/${sam.id}/relationships`,
      payload: { relatedContactId: jo.id, type: "partner" },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const card = await dav(t.app, device, { method: "GET", url });
    // The link moved the card's version, so a phone fetches it again.
    expect(card.headers.etag).not.toBe(before.headers.etag);
    expect(card.body).toContain(`RELATED;TYPE=spouse:urn:uuid:${jo.id}`);
    const put = await dav(t.app, device, {
      method: "PUT",
      url,
      body: vcard(["FN:Sam Phone", "N:Phone;Sam;;;"]),
      headers: { "content-type": "text/vcard", "if-match": card.headers.etag as string },
    });
    expect(put.statusCode, put.body).toBe(204);
    const links = await injectAs(t.app, owner, { url: `/api/contacts/${jo.id}/relationships` });
    expect(links.json().relationships).toMatchObject([{ type: "partner", other: { id: sam.id } }]);
    expect((await getContact(t.app, owner, sam.id)).lastName).toBe("Phone");
  });

  it("cards carry the contact's time zone or None by hand, and a phone's TZ is read as the user's choice", async () => {
    const owner = await createUser(t.app);
    const ana = await addContact(t.app, owner, {
      firstName: "Ana",
      city: "Lisbon",
      country: "Portugal",
      latitude: 38.7223,
      longitude: -9.1393,
    });
    const device = await createDevice(t.app, owner);
    const url = `${CARD_PATH}${ana.id}.vcf`;
    for (const [accept, version] of [
      ["text/vcard", "3.0"],
      ["text/vcard; version=4.0", "4.0"],
    ] as const) {
      const card = await dav(t.app, device, { method: "GET", url, headers: { accept } });
      expect(card.body).toContain(`VERSION:${version}\r\nUID:`);
      expect(card.body).toContain("TZ;VALUE=TEXT:Europe/Lisbon\r\n");
    }

    const put = async (lines: string[]) => {
      const res = await dav(t.app, device, {
        method: "PUT",
        url,
        body: vcard(["N:Lima;Ana;;;", "FN:Ana Lima", ...lines]),
        headers: { "content-type": "text/vcard" },
      });
      expect(res.statusCode, res.body).toBe(204);
      const { timeZone, isTimeZoneSetByHand } = await getContact(t.app, owner, ana.id);
      return { timeZone, isTimeZoneSetByHand };
    };
    // Her own zone sent back is no choice: she still follows her place.
    expect(await put(["TZ;VALUE=text:Europe/Lisbon"])).toEqual({
      timeZone: "Europe/Lisbon",
      isTimeZoneSetByHand: false,
    });
    const chosen = { timeZone: "America/New_York", isTimeZoneSetByHand: true };
    expect(await put(["TZ;VALUE=text:America/New_York"])).toEqual(chosen);
    // A phone that drops TZ, or sends one that names no zone, leaves the zone as it is.
    expect(await put([])).toEqual(chosen);
    expect(await put(["TZ:Mars/Olympus", "NOTE:Met in Porto"])).toEqual(chosen);
    expect((await getContact(t.app, owner, ana.id)).notes).toBe("Met in Porto");
    const back = await dav(t.app, device, { method: "GET", url });
    expect(back.body).toContain("TZ;VALUE=TEXT:America/New_York\r\n");

    // "None" chosen by hand travels as our own property (other clients keep or drop it), and a
    // card that comes back without it, or without any zone, leaves "None" as it is.
    const none = { timeZone: null, isTimeZoneSetByHand: true };
    expect(await put(["X-TEND-TIME-ZONE:none"])).toEqual(none);
    const noneCard = (await dav(t.app, device, { method: "GET", url })).body;
    expect(noneCard).toContain("\r\nX-TEND-TIME-ZONE:none\r\n");
    expect(noneCard).not.toMatch(/^TZ/m);
    expect(await put([])).toEqual(none);
    expect(await put(["X-TEND-TIME-ZONE:none", "NOTE:Back from Porto"])).toEqual(none);
    // Setting a zone on the phone is a choice again.
    expect(await put(["X-TEND-TIME-ZONE:none", "TZ;VALUE=text:Asia/Tokyo"])).toEqual({
      timeZone: "Asia/Tokyo",
      isTimeZoneSetByHand: true,
    });

    const created = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}kenji.vcf`,
      body: vcard(["N:Sato;Kenji;;;", "FN:Kenji Sato", "TZ;VALUE=text:Asia/Tokyo"]),
      headers: { "content-type": "text/vcard" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await injectAs(t.app, owner, { url: "/api/contacts?q=Kenji" });
    expect(list.json().items).toMatchObject([
      { firstName: "Kenji", timeZone: "Asia/Tokyo", isTimeZoneSetByHand: true },
    ]);
  });

  it("redirects /.well-known/carddav to the server's root", async () => {
    const res = await t.app.inject({ method: "PROPFIND", url: "/.well-known/carddav" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/dav/");
  });
});

describe("CardDAV's own limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await build({ DAV_REQUESTS_PER_MINUTE: "40" });
  });
  afterAll(async () => limited.close());

  it("stores every card of a burst or answers 503 with Retry-After: none is silently lost", async () => {
    const user = await createUser(limited.app);
    const device = await createDevice(limited.app, user);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        dav(limited.app, device, {
          method: "PUT",
          url: `${CARD_PATH}burst-${i}.vcf`,
          body: vcard([`UID:burst-${i}`, `FN:Burst ${i}`, `N:${i};Burst;;;`]),
          headers: { "content-type": "text/vcard", "if-none-match": "*" },
        }),
      ),
    );
    const stored = answers.filter((a) => a.statusCode === 201).length;
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(stored + refused.length).toBe(100);
    expect(stored).toBe(40);
    expect(refused.every((a) => Number(a.headers["retry-after"]) > 0)).toBe(true);
    const list = await injectAs(limited.app, user, { url: "/api/contacts" });
    expect(list.json().items).toHaveLength(stored);
  });
});
