// The sanitisers of spec 02 §5: "Text: trimmed, control characters stripped." "Email:
// lowercased, kept only if valid." "Phone: keeps only digits and + - space and parentheses."
// "URL: https:// prefix added if missing; blank if invalid (only http and https allowed)."
// "Reminder time normalised to HH:MM:SS (adds :00 or :00:00)."
import { describe, expect, it } from "vitest";
import {
  isEmailShaped,
  normalizeReminderTime,
  sanitizeEmail,
  sanitizeMultilineText,
  sanitizePhone,
  sanitizeText,
  sanitizeUrl,
} from "./sanitize";

describe("sanitizeText", () => {
  it("trims and strips control characters", () => {
    expect(sanitizeText("  Ada Lovelace \n")).toBe("Ada Lovelace");
    expect(sanitizeText("A\u0000d\u0007a\u001B\u007F")).toBe("Ada");
    expect(sanitizeText("\u0000 \u0008")).toBe("");
    expect(sanitizeText("A\u0085d\u009Ba")).toBe("A da");
  });

  it("keeps one line: line breaks and tabs become a space", () => {
    expect(sanitizeText("w\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Forged")).toBe(
      "w END:VCARD BEGIN:VCARD FN:Forged",
    );
    expect(sanitizeText("Home\tOffice\u2028Annex\u2029")).toBe("Home Office Annex");
  });

  it("keeps letters of every script, accents and emoji", () => {
    expect(sanitizeText("José Álvarez 李雷 🙂")).toBe("José Álvarez 李雷 🙂");
  });
});

describe("sanitizeMultilineText", () => {
  it("keeps line breaks and tabs, turns CR LF and CR into LF, strips other control characters", () => {
    expect(sanitizeMultilineText("line one\r\nline two\rline\tthree\u0000\u0007")).toBe(
      "line one\nline two\nline\tthree",
    );
    expect(sanitizeMultilineText("\n  note  \n")).toBe("note");
  });
});

describe("sanitizeEmail", () => {
  it("lowercases and trims a valid address", () => {
    expect(sanitizeEmail("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    expect(sanitizeEmail("ada+tend@mail.example.co.uk")).toBe("ada+tend@mail.example.co.uk");
  });

  it("keeps an invalid address as nothing", () => {
    for (const value of ["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com"])
      expect(sanitizeEmail(value)).toBe("");
  });

  it("drops control characters before judging", () => {
    expect(sanitizeEmail("ada@exam\u0000ple.com")).toBe("ada@example.com");
  });

  it("isEmailShaped tells the shape apart without changing the value", () => {
    expect(isEmailShaped("ada@example.com")).toBe(true);
    expect(isEmailShaped("Ada@Example.com")).toBe(true);
    expect(isEmailShaped("ada@example")).toBe(false);
  });
});

describe("sanitizePhone", () => {
  it("keeps only digits, +, -, spaces and parentheses", () => {
    expect(sanitizePhone("+44 (0)20 7946-0958")).toBe("+44 (0)20 7946-0958");
    expect(sanitizePhone("tel: +1.555.010.2030 ext")).toBe("+15550102030");
    expect(sanitizePhone("phone: 020/7946\u00000958")).toBe("02079460958");
  });

  it("collapses runs of spaces and trims", () => {
    expect(sanitizePhone("  +33   6 12\t34 56 78  ")).toBe("+33 6 12 34 56 78");
  });

  it("leaves nothing when there is no number", () => {
    expect(sanitizePhone("call me")).toBe("");
  });
});

describe("sanitizeUrl", () => {
  it("adds https:// when the scheme is missing", () => {
    expect(sanitizeUrl("example.com/ada")).toBe("https://example.com/ada");
    expect(sanitizeUrl("  www.example.com ")).toBe("https://www.example.com/");
  });

  it("keeps http and https addresses", () => {
    expect(sanitizeUrl("http://example.com")).toBe("http://example.com/");
    expect(sanitizeUrl("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
  });

  it("is blank for other schemes and for what is not a URL", () => {
    for (const value of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "ftp://example.com",
      "mailto:ada@example.com",
      "http://",
      "",
      "   ",
    ])
      expect(sanitizeUrl(value)).toBe("");
  });
});

describe("normalizeReminderTime", () => {
  it("adds :00 or :00:00 and pads the hour", () => {
    expect(normalizeReminderTime("7")).toBe("07:00:00");
    expect(normalizeReminderTime("19")).toBe("19:00:00");
    expect(normalizeReminderTime("7:30")).toBe("07:30:00");
    expect(normalizeReminderTime("19:05")).toBe("19:05:00");
    expect(normalizeReminderTime(" 9:05:30 ")).toBe("09:05:30");
    expect(normalizeReminderTime("19:05:00")).toBe("19:05:00");
  });

  it("leaves text that is no time as it is, for validation to refuse", () => {
    expect(normalizeReminderTime("noon")).toBe("noon");
    expect(normalizeReminderTime("7pm")).toBe("7pm");
  });
});
