import { createAvatar } from "@dicebear/core";
import { initials } from "@dicebear/collection";
import { describe, expect, it } from "vitest";
import { initialsAvatar } from "./initials-avatar";

/** What the avatar route draws for `seed`: the background rect's colour and the text's letters. */
function drawnByDiceBear(seed: string) {
  const svg = createAvatar(initials, { seed, size: 32 }).toString();
  const background = /<g mask="url\(#viewboxMask\)"><rect fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
  const text = /<text [^>]*>([^<]*)<\/text>/.exec(svg)?.[1];
  const unescaped = text
    ?.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#039;", "'")
    .replaceAll("&amp;", "&");
  return { initials: unescaped, background };
}

const CHARACTERS = "abcxyzABCXYZ éÉüñøßçÇ'’`@.-_0123456789 日本語 Ωλ 😀 \u0301\t";

function randomSeed(random: () => number): string {
  const length = Math.floor(random() * 30);
  let seed = "";
  for (let i = 0; i < length; i++) {
    seed += [...CHARACTERS][Math.floor(random() * [...CHARACTERS].length)];
  }
  return seed;
}

describe("initialsAvatar", () => {
  it("gives the letters and colour DiceBear's initials style draws, for names as people write them", () => {
    const seeds = [
      "First0 Lastname0",
      "Ada Lovelace",
      "ada",
      "A",
      "",
      "   ",
      "Zoë O’Brien",
      "O'Neil",
      "José María Álvarez-García",
      "jane.doe@example.com",
      "@handle",
      "李 小龙",
      "Ωmega Λambda",
      "12345",
      "😀 Smile",
      "e\u0301mile Zola",
      "<script> & co",
      "x".repeat(1500),
    ];
    for (const seed of seeds) {
      expect(initialsAvatar(seed), JSON.stringify(seed)).toEqual(drawnByDiceBear(seed));
    }
  });

  it("agrees with DiceBear on 2,000 random seeds", () => {
    let state = 20261127;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    for (let i = 0; i < 2000; i++) {
      const seed = randomSeed(random);
      expect(initialsAvatar(seed), JSON.stringify(seed)).toEqual(drawnByDiceBear(seed));
    }
  });

  it("spreads names over the palette, not one colour", () => {
    const colours = new Set(
      Array.from({ length: 200 }, (_, i) => initialsAvatar(`Person ${i}`).background),
    );
    expect(colours.size).toBeGreaterThan(10);
  });
});
