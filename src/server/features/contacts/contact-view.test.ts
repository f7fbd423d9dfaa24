// The list reads times from PostgreSQL as UTC wall-clock text and writes them without a Date;
// the text must come out exactly as new Date(text + "Z").toISOString() writes it.
import { describe, expect, it } from "vitest";
import { isoFromUtcText } from "./contact-view";

function viaDate(text: string): string {
  try {
    return new Date(`${text}Z`).toISOString();
  } catch (error) {
    return (error as Error).name;
  }
}

function viaText(text: string): string {
  try {
    return isoFromUtcText(text);
  } catch (error) {
    return (error as Error).name;
  }
}

describe("isoFromUtcText", () => {
  it("keeps whole milliseconds of 0 to 6 fraction digits, as Date does", () => {
    const texts = [
      "2025-01-31T23:00:00",
      "2025-01-31T23:00:00.1",
      "2025-01-31T23:00:00.12",
      "2025-01-31T23:00:00.123",
      "2025-01-31T23:00:00.1234",
      "2025-01-31T23:00:00.12345",
      "2025-01-31T23:00:00.999999",
      "2024-02-29T00:00:00.000001",
      "0999-12-31T23:59:59.5",
      "1970-01-01T00:00:00",
    ];
    for (const text of texts) expect(viaText(text), text).toBe(viaDate(text));
  });

  it("leaves years it cannot write by hand, and non-times, to Date", () => {
    for (const text of ["10000-01-01T00:00:00", "2000-01-01T00:00:00 BC", "infinity", ""]) {
      expect(viaText(text), text).toBe(viaDate(text));
    }
  });
});
