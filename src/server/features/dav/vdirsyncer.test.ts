// Phone sync with a real client (issue 52): Debian's vdirsyncer keeps a local folder of .vcf
// files in step with the CardDAV server in both directions: create, edit and delete on each
// side, a conflict, and a second sync that changes nothing. khard reads the synced folder.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact, getContact } from "../../../../tests/helpers/contacts-test-kit";
import { createDevice } from "../../../../tests/helpers/dav-kit";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import {
  createLocalBook,
  hasVdirsyncer,
  type LocalBook,
} from "../../../../tests/helpers/vdirsyncer";

const inCI = process.env.CI === "true";

// vdirsyncer prints one line per card it copies, updates or deletes, and nothing for an
// unchanged card.
const CHANGE_LINE = /^(Copying|Updating|Deleting)/m;

function card(uid: string, name: string, phone: string): string {
  const [first, last] = name.split(" ");
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `UID:${uid}`,
    `FN:${name}`,
    `N:${last};${first};;;`,
    `TEL;TYPE=CELL:${phone}`,
    "END:VCARD",
    "",
  ].join("\r\n");
}

function fileWith(files: Record<string, string>, text: string): string | undefined {
  return Object.keys(files).find((name) => files[name]!.includes(text));
}

describe.skipIf(!hasVdirsyncer && !inCI)("two-way sync with vdirsyncer", () => {
  let t: TestApp;
  let book: LocalBook;
  beforeAll(async () => {
    t = await build();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    book?.close();
    await t.close();
  });

  it("creates, edits and deletes on each side, and a second sync changes nothing", async () => {
    const user = await createUser(t.app);
    const ada = await addContact(t.app, user, {
      firstName: "Ada",
      lastName: "Lovelace",
      phones: [{ label: "mobile", value: "+44 20 7946 0001" }],
      rhythm: { interval: 1, unit: "month" },
      lastContactedOn: "2026-01-05",
    });
    const device = await createDevice(t.app, user);
    const { port } = t.app.server.address() as AddressInfo;
    book = createLocalBook({
      serverUrl: `http://127.0.0.1:${port}/dav/addressbooks/contacts/`,
      username: device.username,
      password: device.password,
    });
    await book.discover();
    await book.sync();
    const adaFile = fileWith(book.files(), "FN:Ada Lovelace");
    expect(adaFile).toBeDefined();

    // The folder's side: a new card, and Ada's number edited.
    book.write("grace.vcf", card("grace-uid", "Grace Hopper", "+1 555 0100"));
    book.write(adaFile!, book.files()[adaFile!]!.replace("+44 20 7946 0001", "+44 20 7946 0002"));
    await book.sync();
    const list = await injectAs(t.app, user, { url: "/api/contacts" });
    const names = list.json<{ items: { firstName: string; id: string }[] }>().items;
    const grace = names.find((c) => c.firstName === "Grace");
    expect(grace).toBeDefined();
    const edited = await getContact(t.app, user, ada.id);
    expect(edited.phones).toEqual([{ label: "mobile", value: "+44 20 7946 0002" }]);
    // What a card cannot carry stays.
    expect(edited.rhythm).toEqual({ interval: 1, unit: "month" });
    expect(edited.lastContactedAt).toBe(ada.lastContactedAt);

    // Tend's side: a new contact, Grace edited, Ada archived.
    await addContact(t.app, user, { firstName: "Alan", lastName: "Turing" });
    const patched = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${grace!.id}`,
      payload: { company: "US Navy" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const archived = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${ada.id}/archive`,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    await book.sync();
    let files = book.files();
    expect(fileWith(files, "Ada Lovelace")).toBeUndefined();
    expect(fileWith(files, "FN:Alan Turing")).toBeDefined();
    expect(files[fileWith(files, "Grace Hopper")!]).toContain("ORG:US Navy");
    // The card the folder created keeps its UID, so vdirsyncer never sees it twice.
    expect(Object.values(files).filter((f) => f.includes("Grace Hopper"))).toHaveLength(1);
    expect(files[fileWith(files, "Grace Hopper")!]).toContain("UID:grace-uid");

    // The folder deletes Alan: Tend archives him (restorable).
    book.remove(fileWith(files, "Alan Turing")!);
    await book.sync();
    const afterDelete = await injectAs(t.app, user, { url: "/api/contacts?archived=true" });
    expect(afterDelete.body).toContain("Alan");

    // A conflict: both sides edit Grace; the folder wins (conflict_resolution = "a wins").
    files = book.files();
    const graceFile = fileWith(files, "Grace Hopper")!;
    book.write(graceFile, files[graceFile]!.replace("+1 555 0100", "+1 555 0199"));
    await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${grace!.id}`,
      payload: { jobTitle: "Rear Admiral" },
    });
    expect(await book.sync()).toContain("Doing conflict resolution");
    const afterConflict = await getContact(t.app, user, grace!.id);
    expect(afterConflict.phones.map((p) => p.value)).toEqual(["+1 555 0199"]);

    // A PUT is answered without an ETag (the server keeps the card in its own form, RFC 9110
    // §9.3.4), so the next sync fetches that form once; after it, nothing changes.
    await book.sync();
    const second = await book.sync();
    expect(second).not.toMatch(CHANGE_LINE);
    expect(Object.keys(book.files())).toHaveLength(1);

    const khard = await book.khardList();
    expect(khard).toContain("Grace");
  });
});
