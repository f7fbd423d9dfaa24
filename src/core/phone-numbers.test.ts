import { describe, expect, it } from "vitest";
import { PhoneEntrySchema } from "./contact-fields";
import {
  describePhone,
  phoneHref,
  phoneKind,
  readTelUri,
  splitExtension,
  telUri,
} from "./phone-numbers";

describe("phone kinds", () => {
  it("reads the kind from the label, whatever its case", () => {
    expect(phoneKind("Mobile")).toBe("mobile");
    expect(phoneKind("cell")).toBe("mobile");
    expect(phoneKind("WORK FAX")).toBe("fax");
    expect(phoneKind("home fax")).toBe("fax");
    expect(phoneKind("Pager")).toBe("pager");
    expect(phoneKind("Business")).toBe("work");
    expect(phoneKind("home")).toBe("home");
    expect(phoneKind("Grandma's")).toBeNull();
    expect(phoneKind(undefined)).toBeNull();
  });
});

describe("extensions", () => {
  it.each([
    ["+1 555 555 5555 x123", "+1 555 555 5555", "123"],
    ["+1 555 555 5555 ext. 123", "+1 555 555 5555", "123"],
    ["(555) 555-5555 ext 42", "(555) 555-5555", "42"],
    ["555-5555, extension 7", "555-5555", "7"],
    ["+1-418-656-9254;ext=102", "+1-418-656-9254", "102"],
    ["+15555555555p123", "+15555555555", "123"],
    ["+44 20 7946 0958", "+44 20 7946 0958", ""],
    ["020 7946 0958", "020 7946 0958", ""],
  ])("splits %s", (text, value, ext) => {
    expect(splitExtension(text)).toEqual({ value: text === value ? text : value, ext });
  });

  it("keeps a typed or imported extension apart from the number", () => {
    expect(PhoneEntrySchema.parse({ label: "work", value: "+1 555 0100 x12" })).toEqual({
      label: "work",
      value: "+1 555 0100",
      ext: "12",
    });
    expect(PhoneEntrySchema.parse({ value: "+1 555 0100", ext: "ext. 34" })).toEqual({
      value: "+1 555 0100",
      ext: "34",
    });
    // Old data, a number without extension, stays as it was.
    expect(PhoneEntrySchema.parse({ label: "home", value: "+44 20 7946 0958" })).toEqual({
      label: "home",
      value: "+44 20 7946 0958",
    });
    expect(PhoneEntrySchema.safeParse({ value: "+1 555 0100", ext: "12345678901" }).success).toBe(
      false,
    );
  });

  it("writes and reads a tel: URI with its extension", () => {
    const phone = { value: "+1 (418) 656-9254", ext: "102" };
    expect(telUri(phone)).toBe("tel:+1-418-656-9254;ext=102");
    expect(telUri({ value: "020 7946 0958", ext: "1" })).toBeNull();
    expect(readTelUri("tel:+1-418-656-9254;ext=102")).toEqual({
      value: "+1 418 656 9254",
      ext: "102",
    });
    expect(describePhone(phone)).toBe("+1 (418) 656-9254 ext. 102");
    expect(phoneHref(phone)).toBe("tel:+14186569254,102");
  });
});
