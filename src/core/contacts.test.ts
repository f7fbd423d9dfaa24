import { describe, expect, it } from "vitest";
import {
  contactDisplayName,
  contactInitials,
  ContactCreateSchema,
  ContactInputSchema,
  preferredChannelLink,
} from "./contacts";
import { cleanTags, cleanTelegramUsername } from "./contact-fields";

function issues(input: unknown): Record<string, string> {
  const result = ContactInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("contact input", () => {
  it("sanitises every field and fills in empty ones", () => {
    const parsed = ContactInputSchema.parse({
      firstName: "  Ada\u0007 ",
      lastName: "Lovelace",
      emails: [
        { label: "Home", value: " ADA@Example.COM " },
        { value: "" },
        { label: "dup", value: "ada@example.com" },
      ],
      phones: [{ value: "+44 (0)20 7946-0958 ext. 12" }],
      company: "",
      notes: "line one\r\nline two\u0000",
      countryCode: "gb",
      latitude: "51.5",
      longitude: -0.12,
      tags: "#friends, Family, friends ,  ",
      rhythm: { interval: "2", unit: "week" },
      birthday: { day: "10", month: "12", year: "" },
    });
    expect(parsed).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      emails: [{ label: "Home", value: "ada@example.com" }],
      phones: [{ value: "+44 (0)20 7946-0958", ext: "12" }],
      company: null,
      jobTitle: null,
      notes: "line one\nline two",
      preferredMethod: null,
      telegramUsername: null,
      countryCode: "GB",
      latitude: 51.5,
      longitude: -0.12,
      tags: ["friends", "Family"],
      rhythm: { interval: 2, unit: "week" },
      birthday: { day: 10, month: 12, year: null },
    });
  });

  it("needs a first or last name", () => {
    expect(issues({ firstName: " ", lastName: "" })).toEqual({
      firstName: "Enter a first or last name",
    });
    expect(issues({ lastName: "Turing" })).toEqual({});
  });

  it("rejects invalid emails, phones and country codes with a message per field", () => {
    expect(
      issues({
        firstName: "A",
        emails: [{ value: "not-an-email" }],
        phones: [{ value: "call me" }],
        countryCode: "GBR",
        preferredMethod: "pigeon",
      }),
    ).toEqual({
      "emails.0.value": "Please enter a valid email address",
      "phones.0.value": "Please enter a phone number with at least 3 digits",
      countryCode: "A country code has two letters, like GB or US",
      preferredMethod: "Choose a way to get in touch from the list",
    });
  });

  it("validates coordinates to ±90 and ±180, as a pair", () => {
    expect(issues({ firstName: "A", latitude: 91, longitude: 0 })).toEqual({
      latitude: "Latitude must be between -90 and 90",
    });
    expect(issues({ firstName: "A", latitude: 0, longitude: -180.5 })).toEqual({
      longitude: "Longitude must be between -180 and 180",
    });
    expect(issues({ firstName: "A", latitude: 10 })).toEqual({
      longitude: "Enter both latitude and longitude, or neither",
    });
    expect(issues({ firstName: "A", latitude: "abc", longitude: 1 })).toEqual({
      latitude: "Latitude must be a number",
    });
    expect(issues({ firstName: "A", latitude: -90, longitude: 180 })).toEqual({});
  });

  it("accepts birthdays with or without a year, and only real days", () => {
    expect(issues({ firstName: "A", birthday: { day: 29, month: 2, year: null } })).toEqual({});
    expect(issues({ firstName: "A", birthday: { day: 29, month: 2, year: 2024 } })).toEqual({});
    expect(issues({ firstName: "A", birthday: { day: 29, month: 2, year: 2023 } })).toEqual({
      "birthday.day": "That day does not exist in that month",
    });
    expect(issues({ firstName: "A", birthday: { day: 31, month: 4 } })).toEqual({
      "birthday.day": "That day does not exist in that month",
    });
    expect(
      ContactInputSchema.parse({ firstName: "A", birthday: { day: "", month: "", year: "" } })
        .birthday,
    ).toBeNull();
  });

  it("limits lengths and counts", () => {
    expect(issues({ firstName: "x".repeat(101) })).toEqual({
      firstName: "First name can be at most 100 characters",
    });
    const tags = Array.from({ length: 31 }, (_, i) => `t${i}`);
    expect(issues({ firstName: "A", tags })).toEqual({ tags: "At most 30 tags" });
  });

  it("accepts a Telegram username in any usual spelling", () => {
    expect(
      ContactInputSchema.parse({ firstName: "A", telegramUsername: "@ada_l" }).telegramUsername,
    ).toBe("ada_l");
    expect(cleanTelegramUsername("https://t.me/ada_lovelace")).toBe("ada_lovelace");
    expect(issues({ firstName: "A", telegramUsername: "a b" })).toEqual({
      telegramUsername: "A Telegram username has 5 to 32 letters, digits or _",
    });
  });

  it("takes an optional last-contacted day on create", () => {
    expect(
      ContactCreateSchema.parse({ firstName: "A", lastContactedOn: "2025-01-31" }).lastContactedOn,
    ).toBe("2025-01-31");
    expect(
      ContactCreateSchema.parse({ firstName: "A", lastContactedOn: "" }).lastContactedOn,
    ).toBeNull();
    expect(
      ContactCreateSchema.safeParse({ firstName: "A", lastContactedOn: "31/01/2025" }).success,
    ).toBe(false);
    expect(ContactCreateSchema.safeParse({ lastContactedOn: "2025-01-31" }).success).toBe(false);
  });
});

describe("contact helpers", () => {
  it("cleans tags without losing the first spelling", () => {
    expect(cleanTags(["#Work", "work", " book  club ", ""])).toEqual(["Work", "book club"]);
  });

  it("names and initials", () => {
    expect(contactDisplayName({ firstName: "Ada", lastName: "" })).toBe("Ada");
    expect(contactDisplayName({ firstName: "", lastName: "" })).toBe("Unnamed");
    expect(contactInitials({ firstName: "ada", lastName: "Lovelace" })).toBe("AL");
    expect(contactInitials({ firstName: "", lastName: "Émile" })).toBe("É");
  });

  it("links the preferred channel", () => {
    const base = {
      emails: [{ value: "ada@example.com" }],
      phones: [{ value: "+44 20 7946-0958" }],
      telegramUsername: null,
    };
    const href = (
      preferredMethod: Parameters<typeof preferredChannelLink>[0]["preferredMethod"],
      extra = {},
    ) => preferredChannelLink({ ...base, preferredMethod, ...extra })?.href ?? null;
    expect(href("email")).toBe("mailto:ada@example.com");
    expect(href("phone")).toBe("tel:+442079460958");
    expect(href("text")).toBe("sms:+442079460958");
    expect(href("whatsapp")).toBe("https://wa.me/442079460958");
    expect(href("telegram")).toBe("https://t.me/+442079460958");
    expect(href("telegram", { telegramUsername: "ada_l" })).toBe("https://t.me/ada_l");
    expect(href("in_person")).toBeNull();
    expect(href(null)).toBeNull();
    expect(href("email", { emails: [] })).toBeNull();
    expect(href("phone", { phones: [{ value: "(020) 7946 0958" }] })).toBe("tel:02079460958");
  });

  it("drops a (0) trunk prefix written after the country code", () => {
    const link = (preferredMethod: "phone" | "text" | "whatsapp" | "telegram", value: string) =>
      preferredChannelLink({
        emails: [],
        phones: [{ value }],
        telegramUsername: null,
        preferredMethod,
      })?.href;
    expect(link("phone", "+44 (0)20 7946 0958")).toBe("tel:+442079460958");
    expect(link("text", "+44 (0) 20 7946 0958")).toBe("sms:+442079460958");
    expect(link("whatsapp", "+49 (0)30 1234567")).toBe("https://wa.me/49301234567");
    expect(link("telegram", "+44(0)7700 900123")).toBe("https://t.me/+447700900123");
    // An area code in brackets is part of the number.
    expect(link("phone", "+1 (555) 010-2030")).toBe("tel:+15550102030");
    // A national number keeps its leading 0: it is dialled that way at home.
    expect(link("phone", "(0)20 7946 0958")).toBe("tel:02079460958");
  });

  it("links WhatsApp and Telegram by phone only in international form, else offers a call", () => {
    const national = { emails: [], phones: [{ value: "020 7946 0958" }], telegramUsername: null };
    for (const preferredMethod of ["whatsapp", "telegram"] as const) {
      const link = preferredChannelLink({ ...national, preferredMethod });
      expect(link).toEqual({
        method: "phone",
        label: "Phone call",
        href: "tel:02079460958",
        insteadOf: { method: preferredMethod, reason: expect.stringContaining("country code") },
      });
      expect(link!.href).not.toMatch(/wa\.me|t\.me/);
    }
    // A Telegram username needs no number at all.
    expect(
      preferredChannelLink({ ...national, preferredMethod: "telegram", telegramUsername: "ada_l" }),
    ).toEqual({ method: "telegram", label: "Telegram", href: "https://t.me/ada_l" });
    // Calls and texts work with national numbers as they are.
    expect(preferredChannelLink({ ...national, preferredMethod: "text" })?.href).toBe(
      "sms:02079460958",
    );
    expect(preferredChannelLink({ ...national, phones: [], preferredMethod: "whatsapp" })).toBe(
      null,
    );
  });
});
