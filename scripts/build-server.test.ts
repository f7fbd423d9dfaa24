import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { asciiOnly } from "./build-server.mjs";

// The compiled server is rewritten to ASCII so V8 holds its source at one byte per character:
// the rewritten module must mean exactly what the original meant.
describe("asciiOnly", () => {
  mkdirSync(".tmp", { recursive: true });
  const dir = mkdtempSync(path.resolve(".tmp", "ascii-only-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const source = [
    'export const text = "Log contact → done — “yes”";',
    "const note = 'Ana';",
    "export const template = `Last note: “${note}” ✓`;",
    'export const apostrophes = "don\'t don’t".replace(/[\'’`´]/g, "");',
    'export const escaped = /\\’s/.test("’s");',
    'export const backslash = "a\\\\’b";',
    'export const astral = /😀/u.test("😀") && "😀".length;',
    "const café = 'crème';",
    "export const name = café;",
  ].join("\n");

  async function load(file: string) {
    return (await import(`${pathToFileURL(file).href}?${Date.now()}`)) as Record<string, unknown>;
  }

  it("escapes every character outside ASCII without changing any value", async () => {
    const original = path.join(dir, "original.mjs");
    const rewritten = path.join(dir, "rewritten.mjs");
    writeFileSync(original, source);
    writeFileSync(rewritten, source);
    asciiOnly(rewritten);
    const text = readFileSync(rewritten, "utf8");
    expect(text).not.toMatch(/[\u0080-\uffff]/);
    expect(await load(rewritten)).toEqual(await load(original));
    expect((await load(rewritten)).backslash).toBe("a\\’b");
    expect((await load(rewritten)).escaped).toBe(true);
  });

  it("leaves an ASCII file as it is", () => {
    const file = path.join(dir, "ascii.mjs");
    writeFileSync(file, "export const a = 'plain';\n");
    asciiOnly(file);
    expect(readFileSync(file, "utf8")).toBe("export const a = 'plain';\n");
  });

  it("refuses a raw template over a character it would change", () => {
    const file = path.join(dir, "raw.mjs");
    writeFileSync(file, "export const a = String.raw`→`;\n");
    expect(() => asciiOnly(file)).toThrow(/String\.raw/);
  });
});
