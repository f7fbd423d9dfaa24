import { describe, expect, it } from "vitest";
import { decodeImportBytes, detectFileKind, FILE_MESSAGES, IMPORT_MAX_BYTES } from "./read-file";

const utf8 = (s: string) => new TextEncoder().encode(s);

function problem(bytes: Uint8Array): string | undefined {
  try {
    decodeImportBytes(bytes);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("decodeImportBytes", () => {
  it("reads UTF-8 and drops a byte order mark", () => {
    expect(decodeImportBytes(utf8("\uFEFFFirst Name\nJosé"))).toBe("First Name\nJosé");
  });

  it("reads UTF-16 with a byte order mark (little and big endian)", () => {
    const le = new Uint8Array([0xff, 0xfe, ...[..."Zoë"].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeImportBytes(le)).toBe("Zoë");
    const be = new Uint8Array([0xfe, 0xff, ...[..."Zoë"].flatMap((c) => [0, c.charCodeAt(0)])]);
    expect(decodeImportBytes(be)).toBe("Zoë");
  });

  it("refuses Windows-1252 text instead of garbling accents", () => {
    // "José" in Windows-1252: é is the single byte 0xE9.
    expect(problem(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9, 0x0a]))).toBe(FILE_MESSAGES.ENCODING);
  });

  it("refuses empty and whitespace-only files", () => {
    expect(problem(new Uint8Array())).toBe(FILE_MESSAGES.EMPTY);
    expect(problem(utf8(" \r\n\t\n"))).toBe(FILE_MESSAGES.EMPTY);
  });

  it("refuses files over 10 MB", () => {
    expect(problem(new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61))).toBe(FILE_MESSAGES.TOO_LARGE);
    expect(problem(new Uint8Array(IMPORT_MAX_BYTES).fill(0x61))).toBeUndefined();
  });

  it("recognises spreadsheets and other binary files", () => {
    expect(problem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(
      FILE_MESSAGES.SPREADSHEET,
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(problem(png)).toBe(FILE_MESSAGES.NOT_TEXT);
    expect(problem(utf8("a,b\u0000c"))).toBe(FILE_MESSAGES.NOT_TEXT);
  });
});

describe("detectFileKind", () => {
  it("tells vCard, JSON and CSV apart by content", () => {
    expect(detectFileKind("\n  begin:vcard\r\nVERSION:3.0")).toBe("vcard");
    expect(detectFileKind('{"format":"tend-account-export"}')).toBe("json");
    expect(detectFileKind("First Name,Last Name")).toBe("csv");
  });
});
