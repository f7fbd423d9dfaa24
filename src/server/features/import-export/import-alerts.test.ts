// Imports leave a SYSTEM_ALERT: "Import finished" with the counts, written in
// the import's transaction, and "Import failed" with the reason when nothing was imported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, upload } from "../../../../tests/helpers/import-test-kit";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import type { Notification } from "../../../core/notifications";
import { escapeHtml } from "../../lib/html";

describe("import alerts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("a finished import says what it did; a refused one says why, and file names are escaped", async () => {
    const user = await createUser(t.app);
    const content = fixture("google-contacts.csv");
    const done = await upload(t.app, user, "/api/imports", {
      name: "Friends & <family>.csv",
      content,
    });
    expect(done.statusCode, done.body).toBe(201);
    const refused = await upload(
      t.app,
      user,
      "/api/imports",
      { name: "again.csv", content },
      { strict: true },
    );
    expect(refused.statusCode).toBe(400);

    const items = (await injectAs(t.app, user, { url: "/api/notifications" })).json<
      Notification[]
    >();
    expect(items.map((n) => [n.type, n.title, n.content, n.link])).toEqual([
      [
        "SYSTEM_ALERT",
        "Import failed",
        "<p>again.csv: nothing was imported.</p><p>Nothing was imported: row 8 has a problem, and strict mode stops the whole import. Fix the file, or turn strict mode off to skip those rows.</p>",
        "/app/import",
      ],
      [
        "SYSTEM_ALERT",
        "Import finished",
        `<p>${escapeHtml("Friends & <family>.csv")}: 5 contacts added, 0 updated, 1 skipped.</p><p>While it is your latest import, you can undo it on the Data page.</p>`,
        "/app/contacts",
      ],
    ]);
    expect(items[1]!.metadata).toEqual({
      outcome: "success",
      importId: done.json().import.id,
      created: 5,
      merged: 0,
      skipped: 1,
    });
    // Another user has none of them.
    const other = await createUser(t.app);
    expect((await injectAs(t.app, other, { url: "/api/notifications" })).json()).toEqual([]);
  });
});
