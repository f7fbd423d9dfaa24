// A contact field is declared once, in CONTACT_FIELDS. Declaring one more must be enough for it
// to be answered in the list, exported (JSON and CSV) and offered as an import target that our
// own CSV header maps back to; nothing that lists fields by hand may leave it out.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CONTACT_FIELDS,
  listContactFields,
  type ContactFieldDefinition,
} from "../../../core/contact-fields";
import { contactSchemaFor } from "../../../core/contacts";
import { exportedContactSchemaFor } from "../../../core/import/account-export";
import { csvColumnsFor, type ExportContact } from "../../../core/import/csv-export";
import { detectMapping, headerRulesFor } from "../../../core/import/detect-mapping";
import { importTargetsFor } from "../../../core/import/import-fields";
import { answerFieldsFor } from "./contact-columns";

// What the next issues add: a place field, declared like the others.
const postalCode: ContactFieldDefinition = {
  kind: "text",
  input: z.string().nullish(),
  csvHeader: "Postal code",
  importTarget: "postalCode",
  importLabel: "Postal code",
  headers: /^(postal ?code|post ?code|zip( code)?)$/,
  place: "detail",
};
const WITH_POSTAL_CODE = { ...CONTACT_FIELDS, postalCode };

function storedWithPostalCode(): Record<string, unknown> {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    emails: [],
    phones: [],
    tags: [],
    birthdayDay: 10,
    birthdayMonth: 12,
    birthdayYear: null,
    rhythmInterval: 1,
    rhythmUnit: "month",
    postalCode: "SW1A 1AA",
  };
}

describe("a contact field declared once", () => {
  it("is answered in the list: the answer's fields and the list's schema carry it", () => {
    const answer = { id: "c1", ...answerFieldsFor(WITH_POSTAL_CODE)(storedWithPostalCode()) };
    expect(answer).toMatchObject({
      postalCode: "SW1A 1AA",
      birthday: { day: 10, month: 12, year: null },
      rhythm: { interval: 1, unit: "month" },
    });

    // The list's answer is parsed with this schema, which drops any field it does not declare.
    expect(Object.keys(contactSchemaFor(WITH_POSTAL_CODE).shape)).toContain("postalCode");
    // The default serializer, built from today's fields, does not know it.
    expect(Object.keys(contactSchemaFor(CONTACT_FIELDS).shape)).not.toContain("postalCode");
  });

  it("is exported, in the JSON export and as a CSV column", () => {
    expect(Object.keys(exportedContactSchemaFor(WITH_POSTAL_CODE).shape)).toContain("postalCode");
    const columns = csvColumnsFor(WITH_POSTAL_CODE);
    const column = columns.find((c) => c.header === "Postal code");
    expect(column?.cell({ postalCode: "SW1A 1AA" } as unknown as ExportContact)).toBe("SW1A 1AA");
    // A field's columns come before the state ones, in the definition's order.
    const headers = columns.map((c) => c.header);
    expect(headers.indexOf("Postal code")).toBe(listContactFields(WITH_POSTAL_CODE).length - 1);
    expect(headers.indexOf("Postal code")).toBeLessThan(headers.indexOf("Last contacted"));
  });

  it("is an import target, and our CSV header and its other names map to it", () => {
    const targets = importTargetsFor(WITH_POSTAL_CODE);
    expect(targets).toContainEqual({ target: "postalCode", label: "Postal code" });
    const rules = headerRulesFor(WITH_POSTAL_CODE);
    expect(detectMapping(["Postal code", "ZIP", "Email"], "generic", rules)).toEqual([
      "postalCode",
      "postalCode",
      "email",
    ]);
    // Without the field, a postal code column is part of an address.
    expect(detectMapping(["Postal code"], "generic")).toEqual(["addressPostalCode"]);
  });

  it("keeps every field of today's definition in each of them", () => {
    const keys = Object.keys(CONTACT_FIELDS);
    const answered = Object.keys(contactSchemaFor(CONTACT_FIELDS).shape);
    const exported = Object.keys(exportedContactSchemaFor(CONTACT_FIELDS).shape);
    const csv = csvColumnsFor(CONTACT_FIELDS).map((c) => c.header);
    const targets = importTargetsFor(CONTACT_FIELDS).map((t) => t.target);
    for (const field of listContactFields(CONTACT_FIELDS)) {
      expect(answered).toContain(field.key);
      expect(exported).toContain(field.key);
      expect(csv).toContain(field.csvHeader);
      expect(targets).toContain(field.importTarget);
    }
    expect(answered.slice(1, keys.length + 1)).toEqual(keys);
  });
});
