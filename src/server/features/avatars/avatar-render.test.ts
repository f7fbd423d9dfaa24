import { describe, expect, it } from "vitest";
import { initialsAvatar, initialsTextColor } from "../../../core/initials-avatar";
import { renderAvatar } from "./avatar-render";

/** What the avatar route draws for `seed`: the background rect's colour, the text's letters and
 * their colour. */
function drawnByDiceBear(seed: string) {
  const svg = renderAvatar("initials", { seed, size: 32 });
  const background = /<g mask="url\(#viewboxMask\)"><rect fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
  const foreground = /<text [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
  const text = /<text [^>]*>([^<]*)<\/text>/.exec(svg)?.[1];
  const unescaped = text
    ?.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#039;", "'")
    .replaceAll("&amp;", "&");
  return { initials: unescaped, background, foreground };
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

  it("writes the letters in the colour that reads best: dark on amber, lime and yellow", () => {
    const ratio = (fg: string, bg: string) => {
      const lum = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => {
          const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [a, b] = [lum(fg), lum(bg)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    };
    for (const background of ["#ffb300", "#c0ca33", "#fdd835", "#7cb342"]) {
      expect(initialsTextColor(background)).not.toBe("#ffffff");
      expect(ratio(initialsTextColor(background), background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(initialsTextColor("#3949ab")).toBe("#ffffff");
  });

  it("spreads names over the palette, not one colour", () => {
    const colours = new Set(
      Array.from({ length: 200 }, (_, i) => initialsAvatar(`Person ${i}`).background),
    );
    expect(colours.size).toBeGreaterThan(10);
  });
});
