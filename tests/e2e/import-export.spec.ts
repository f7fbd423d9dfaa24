// The Data tab in the browser: import a Google Contacts CSV with a mapping change and a duplicate,
// undo it; export everything and re-import it into a new account (file picker and drag and drop).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, createUser, expect, expectAccessibleInBothThemes, test } from "./fixtures";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");
const headers = { origin: BASE_URL };

type ApiContact = {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  tags: string[];
  [key: string]: unknown;
};

async function contactsOf(request: APIRequestContext): Promise<ApiContact[]> {
  const res = await request.get("/api/contacts");
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: ApiContact[] }).items;
}

async function chooseFile(page: Page, file: string) {
  await page.getByLabel("Contacts file to import").setInputFiles(file);
}

test("import a Google Contacts CSV with a mapping change and a duplicate, then undo it", async ({
  page,
}) => {
  await createUser(page);
  const alan = await page.request.post("/api/contacts", {
    headers,
    data: { firstName: "Alan", lastName: "Turing", emails: [{ value: "alan@example.com" }] },
  });
  expect(alan.status()).toBe(201);

  await page.goto("/app/import");
  await expect(page.getByRole("heading", { level: 1, name: "Data" })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await chooseFile(page, path.join(FIXTURES, "google-contacts.csv"));
  await expect(page.getByText("recognised as")).toContainText("Google Contacts, 6 entries");

  // The department column is not imported by default: import it as tags instead.
  const department = page.getByLabel('Import the column "Organization Department" as');
  await expect(department).toHaveValue("");
  await department.selectOption({ label: "Tags" });
  await expect(page.getByText("Changed")).toBeVisible();

  const bad = page.getByTestId("preview-row-8");
  await expect(bad).toContainText("Not imported:");
  await expect(bad).toContainText('"not-an-email": Please enter a valid email address');
  const duplicate = page.getByTestId("preview-row-9");
  await expect(duplicate).toContainText("Matches Alan Turing in your contacts (same email)");
  await expect(duplicate.getByRole("combobox")).toHaveValue("merge");

  await page.getByRole("button", { name: /Possible duplicates \(1\)/ }).click();
  await expect(page.getByTestId(/^preview-row-/)).toHaveCount(1);
  await page.getByRole("button", { name: /^All \(6\)/ }).click();
  // Contrast of the highlighted rows and badges in both themes.
  await expectAccessibleInBothThemes(page);

  await page.getByRole("button", { name: "Import 5 contacts" }).click();
  await expect(page.getByRole("heading", { name: "Import complete" })).toBeVisible();
  await expect(
    page.getByText("4 added, 1 updated (contacts you already had), 1 skipped."),
  ).toBeVisible();
  await expectAccessibleInBothThemes(page);

  const contacts = await contactsOf(page.request);
  expect(contacts.map((c) => `${c.firstName} ${c.lastName}`).sort()).toEqual([
    "Ada Lovelace",
    "Alan Turing",
    "Grace Brewster Hopper",
    "José Álvarez",
    "Katherine Johnson",
  ]);
  expect(contacts.find((c) => c.firstName === "Katherine")!.tags).toEqual(["Research"]);
  expect(contacts.find((c) => c.firstName === "Alan")!.company).toBe("Bletchley Park");

  await page.getByRole("button", { name: "Undo this import" }).first().click();
  await expect(page.getByRole("button", { name: "Undo import" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: "Undo import" }).click();
  await expect(page.getByText("Removed 4 contacts and restored 1.", { exact: true })).toBeVisible();
  await expect(page.getByText("Undone", { exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  const after = await contactsOf(page.request);
  expect(after).toHaveLength(1);
  expect(after[0]!.company).toBeNull();
});

test("export everything, then re-import it into a new account", async ({ page, browser }) => {
  await createUser(page);
  const ada = await page.request.post("/api/contacts", {
    headers,
    data: {
      firstName: "Ada",
      lastName: "Lovelace",
      emails: [{ value: "ada@example.com" }],
      phones: [{ value: "+44 20 7946 0958" }],
      notes: "=1+1 should stay text",
      company: "'=Quoted on purpose",
      rhythm: { interval: 1, unit: "month" },
      tags: ["Friends"],
    },
  });
  expect(ada.status()).toBe(201);
  const adaId = ((await ada.json()) as { id: string }).id;
  const logged = await page.request.post(`/api/contacts/${adaId}/interactions`, {
    headers,
    data: { channel: "phone", note: "Long call" },
  });
  expect(logged.status()).toBe(201);
  expect(
    (
      await page.request.post("/api/contacts", {
        headers,
        data: { firstName: "Grace", lastName: "Hopper" },
      })
    ).status(),
  ).toBe(201);

  await page.goto("/app/import");
  // The page is a lazy route: check it once it has rendered, not the moment before.
  await expect(page.getByRole("link", { name: "Everything as JSON" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Everything as JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^tend-account-\d{4}-\d{2}-\d{2}\.json$/);
  const jsonPath = await json.path();
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Contacts as CSV" }).click(),
  ]);
  const csvText = readFileSync(await csv.path(), "utf8");
  expect(csvText).toContain("'=1+1 should stay text");
  expect(csvText).toContain("''=Quoted on purpose");
  const [vcf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Contacts as vCard" }).click(),
  ]);
  expect(readFileSync(await vcf.path(), "utf8")).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0/);

  // A new account in its own browser context: the JSON export through the file picker.
  const context = await browser.newContext();
  const other = await context.newPage();
  await createUser(other);
  await other.goto("/app/import");
  await chooseFile(other, jsonPath);
  await expect(other.getByText("recognised as")).toContainText(
    "Tend account export (JSON), 2 entries",
  );
  await expect(other.getByText("Brings 1 entry of history with it.")).toBeVisible();
  await expectAccessibleInBothThemes(other);
  await other.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(other.getByRole("heading", { name: "Import complete" })).toBeVisible();
  const restored = await contactsOf(other.request);
  const original = await contactsOf(page.request);
  const strip = ({ id: _i, importId: _m, updatedAt: _u, ...rest }: ApiContact) => rest;
  const byName = (a: ApiContact, b: ApiContact) => a.firstName.localeCompare(b.firstName);
  expect(restored.sort(byName).map(strip)).toEqual(original.sort(byName).map(strip));
  const restoredAda = restored.find((c) => c.firstName === "Ada")!;
  const history = await other.request.get(`/api/contacts/${restoredAda.id}/interactions`);
  expect(((await history.json()) as { items: { note: string }[] }).items).toMatchObject([
    { channel: "phone", note: "Long call" },
  ]);

  // The CSV export dropped onto the drop zone of a third account.
  await other.getByRole("button", { name: "Import another file" }).click();
  const third = await (await browser.newContext()).newPage();
  await createUser(third);
  await third.goto("/app/import");
  const dataTransfer = await third.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "contacts.csv", { type: "text/csv" }));
    return transfer;
  }, csvText);
  await third.getByTestId("import-drop-zone").dispatchEvent("drop", { dataTransfer });
  await expect(third.getByText("recognised as")).toContainText("Tend export, 2 entries");
  await expectAccessibleInBothThemes(third);
  await third.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(third.getByRole("heading", { name: "Import complete" })).toBeVisible();
  const fromCsv = await contactsOf(third.request);
  expect(fromCsv.find((c) => c.firstName === "Ada")).toMatchObject({
    notes: "=1+1 should stay text",
    company: "'=Quoted on purpose",
    tags: ["Friends"],
    emails: [{ value: "ada@example.com" }],
  });
  await context.close();
});

test("a bad file gets a clear message and changes nothing", async ({ page }) => {
  await createUser(page);
  await page.goto("/app/import");
  await page.getByLabel("Contacts file to import").setInputFiles({
    name: "contacts.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0]),
  });
  await expect(page.getByRole("alert")).toContainText('Save it as "CSV UTF-8"');
  await expectAccessibleInBothThemes(page);
  expect(await contactsOf(page.request)).toEqual([]);
  // The picker is reachable from the keyboard.
  await page.getByRole("button", { name: "Choose a file" }).focus();
  await expect(page.getByRole("button", { name: "Choose a file" })).toBeFocused();
});

// No sideways scroll at a phone's width, in the light and dark theme; a screenshot of each for
// a person to look at.
async function checkPhoneWidths(page: Page, name: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      // What sticks out past the screen's right edge, innermost only, to name the culprit.
      const overflow = await page.evaluate(() => {
        const wide = [...document.body.querySelectorAll<HTMLElement>("*")].filter((el) => {
          const rect = el.getBoundingClientRect();
          return rect.width > 1 && rect.right > window.innerWidth + 0.5;
        });
        const inner = wide.filter(
          (el) => !wide.some((other) => other !== el && el.contains(other)),
        );
        const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        return [
          ...(page > 0 ? [`page scrolls ${page} px sideways`] : []),
          ...inner.map(
            (el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").slice(0, 40)}"`,
          ),
        ];
      });
      expect(overflow, `${name} at ${width} px, ${colorScheme}`).toEqual([]);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a file past the contact limit imports what fits and hands back the rest", async ({
  page,
}) => {
  // Two axe passes at four widths and themes, besides the journey: a long test.
  test.slow();
  await createUser(page);
  const filler = ["First name,Last name", ...Array.from({ length: 997 }, (_, i) => `Had,${i}`)];
  const filled = await page.request.post("/api/imports", {
    headers,
    multipart: {
      file: { name: "filler.csv", mimeType: "text/csv", buffer: Buffer.from(filler.join("\n")) },
    },
  });
  expect(filled.status(), await filled.text()).toBe(201);

  await page.goto("/app/import");
  await page.getByLabel("Contacts file to import").setInputFiles({
    name: "friends.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "Name,Email,Birthday,Last contacted",
        "Old Friend,old@example.com,1970-02-30,2019-03-01",
        "No Date,nodate@example.com,,",
        "Recent Friend,recent@example.com,1990-05-04,2025-05-20",
        "Middle Friend,middle@example.com,,2023-07-04",
        "Newest Friend,newest@example.com,1985-13-01,2025-06-01",
      ].join("\n"),
    ),
  });
  const offer = page.getByTestId("over-limit-offer");
  await expect(offer).toContainText(
    "This file would add 5 contacts, but you have room for 3 more (the limit is 1,000). You can import the 3 most recently contacted now. The other 2 are left for later",
  );
  await expect(page.getByLabel("The most recently contacted")).toBeChecked();
  await expect(page.getByTestId("preview-row-2")).toContainText("Left for later");
  await expect(page.getByTestId("preview-row-3")).toContainText("Left for later");
  await expect(page.getByTestId("preview-row-4")).not.toContainText("Left for later");
  // What each row brings, and what it leaves out.
  await expect(page.getByTestId("preview-row-4")).toContainText("Birthday1990-05-04");
  await expect(page.getByTestId("left-out-summary")).toHaveText(
    "1 birthday left out of the contacts you import; each is named on its row under “With problems”.",
  );
  await expectAccessibleInBothThemes(page);
  await checkPhoneWidths(page, "over-limit");

  await page.getByLabel("The first in the file").check();
  await expect(page.getByTestId("preview-row-5")).toContainText("Left for later");
  await expect(page.getByTestId("preview-row-2")).not.toContainText("Left for later");
  await page.getByRole("button", { name: /^Left for later \(2\)/ }).click();
  await expect(page.getByTestId(/^preview-row-/)).toHaveCount(2);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the 2 left for later" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("friends-left-for-later.csv");
  const saved = readFileSync(await download.path(), "utf8");
  // With the byte-order mark Excel needs to read it as UTF-8.
  expect(saved.startsWith("\uFEFF")).toBe(true);
  expect(saved.replace(/^\uFEFF/, "")).toBe(
    "Name,Email,Birthday,Last contacted\r\nMiddle Friend,middle@example.com,,2023-07-04\r\nNewest Friend,newest@example.com,1985-13-01,2025-06-01\r\n",
  );

  await page.getByRole("button", { name: "Import 3 contacts" }).click();
  await expect(page.getByRole("heading", { name: "Import complete" })).toBeVisible();
  await expect(
    page.getByText("3 added, 0 updated (contacts you already had), 0 skipped, 2 left for later."),
  ).toBeVisible();
  const total = await page.request.get("/api/contacts");
  expect(((await total.json()) as { total: number }).total).toBe(1000);
  const imports = await page.request.get("/api/imports");
  expect(((await imports.json()) as { items: unknown[] }).items[0]).toMatchObject({
    fileName: "friends.csv",
    createdCount: 3,
    skippedCount: 2,
  });
});

test("a vCard file is reviewed card by card, with no column table", async ({ page }) => {
  test.slow();
  await createUser(page);
  await page.goto("/app/import");
  const card = (lines: string[]) =>
    ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD"].join("\r\n");
  await page.getByLabel("Contacts file to import").setInputFiles({
    name: "phone.vcf",
    mimeType: "text/vcard",
    buffer: Buffer.from(
      [
        readFileSync(path.join(FIXTURES, "contacts-v3.vcf"), "utf8").trim(),
        card([
          "N:Curie;Marie;;;",
          "FN:Marie Curie",
          "EMAIL:marie@example.com",
          "EMAIL:marie@",
          "BDAY:1867-11-07",
          "TEL;TYPE=CELL:+33 1 23 45 67 89",
        ]),
        card(["FN:Pierre Curie", "EMAIL:pierre@", "BDAY:1859-13-40"]),
      ].join("\r\n"),
    ),
  });
  await expect(page.getByText("recognised as")).toContainText("6 entries");
  await expect(page.getByRole("heading", { name: "1. Review the contacts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check the columns" })).toHaveCount(0);
  await expect(page.getByLabel(/^Import the column/)).toHaveCount(0);

  const ada = page.getByTestId("preview-row-1");
  await expect(ada).toContainText("Ada Augusta Lovelace");
  await expect(ada).toContainText("CompanyAnalytical Engines Ltd");
  await expect(ada).toContainText("CityLondon");
  await expect(ada).toContainText("TagsFriends; Science; History");
  const marie = page.getByTestId("preview-row-5");
  await expect(marie).toContainText("Birthday1867-11-07");
  await expect(marie).toContainText("Emailmarie@example.com");
  await expect(marie).toContainText(
    'Email "marie@": Please enter a valid email address. Left out.',
  );
  await expect(page.getByTestId("left-out-summary")).toContainText(
    "2 email addresses and 1 birthday left out",
  );
  await expectAccessibleInBothThemes(page);
  await checkPhoneWidths(page, "vcard");

  await page.getByRole("button", { name: "Import 5 contacts" }).click();
  await expect(page.getByRole("heading", { name: "Import complete" })).toBeVisible();
  const contacts = await contactsOf(page.request);
  expect(contacts.map((c) => `${c.firstName} ${c.lastName}`).sort()).toEqual([
    "Ada Augusta Lovelace",
    "Grace Hopper",
    "José Álvarez",
    "Marie Curie",
    "Pierre Curie",
  ]);
});
