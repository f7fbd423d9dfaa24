// A contact's "initials" avatar as the avatar route draws it with DiceBear 9 (its initials style,
// default options): the same letters on the same colour, worked out here so the contact list can
// draw it as a styled element instead of an image. Each image was a request and an SVG document
// of its own for the browser to load, lay out and paint. The unit test holds this
// to DiceBear's own output.

// @dicebear/initials' default background colours, in its order.
const BACKGROUND_COLORS = [
  "e53935",
  "d81b60",
  "8e24aa",
  "5e35b1",
  "3949ab",
  "1e88e5",
  "039be5",
  "00acc1",
  "00897b",
  "43a047",
  "7cb342",
  "c0ca33",
  "fdd835",
  "ffb300",
  "fb8c00",
  "f4511e",
] as const;

const MIN = -2147483648;
const MAX = 2147483647;
const MAX_SEED_LENGTH = 1024;

function xorshift(value: number): number {
  value ^= value << 13;
  value ^= value >> 17;
  value ^= value << 5;
  return value;
}

/** DiceBear's seeded generator: each call gives its next 32-bit value. */
function generator(seed: string): () => number {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) {
    hash = ((hash << 5) - hash + seed.charCodeAt(i)) | 0;
    hash = xorshift(hash);
  }
  let value = hash || 1;
  return () => (value = xorshift(value));
}

function integer(next: () => number, min: number, max: number): number {
  return Math.floor(((next() - MIN) / (MAX - MIN)) * (max + 1 - min) + min);
}

/** DiceBear's shuffle: one value from `next` seeds a generator of its own for Fisher-Yates. */
function shuffle<T>(next: () => number, items: readonly T[]): T[] {
  const own = generator(next().toString().slice(0, MAX_SEED_LENGTH));
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = integer(own, 0, i);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** DiceBear's initials: the first letters of the first and last words, or of a single word the
 * first two; an email's part after "@" and apostrophes left out. */
function initialsOf(seed: string, discardAtSymbol = true): string {
  const input = (discardAtSymbol ? seed.replace(/@.*/, "") : seed).replace(/[`´‘’'ʼ]/g, "");
  const words = input.match(/(\p{L}[\p{L}\p{M}]*)/gu);
  if (!words) return discardAtSymbol ? initialsOf(seed, false) : "";
  if (words.length === 1) return words[0].match(/^(?:\p{L}\p{M}*){1,2}/u)![0].toUpperCase();
  const first = words[0].match(/^(?:\p{L}\p{M}*)/u)![0];
  const last = words[words.length - 1]!.match(/^(?:\p{L}\p{M}*)/u)![0];
  return (first + last).toUpperCase();
}

export type InitialsAvatar = Readonly<{ initials: string; background: string; foreground: string }>;

const LIGHT_TEXT = "#ffffff";
const DARK_TEXT = "#1a1a1a";

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** White letters, or dark ones where white would be hard to read (amber, lime, yellow). */
export function initialsTextColor(background: string): string {
  const bg = luminance(background.replace("#", ""));
  const onLight = contrast(bg, luminance(DARK_TEXT.slice(1)));
  return contrast(bg, 1) >= onLight ? LIGHT_TEXT : DARK_TEXT;
}

// Worked out once per name: a keystroke in the list's search brings back rows it drew before.
const drawn = new Map<string, InitialsAvatar>();
const DRAWN_KEPT = 2000;

/** The letters and the background colour (#rrggbb) DiceBear's initials style gives `seed`, and
 * the letters' colour that reads best on it. */
export function initialsAvatar(seed: string): InitialsAvatar {
  let avatar = drawn.get(seed);
  if (avatar === undefined) {
    avatar = draw(seed);
    if (drawn.size >= DRAWN_KEPT) drawn.clear();
    drawn.set(seed, avatar);
  }
  return avatar;
}

function draw(seed: string): InitialsAvatar {
  const trimmed = seed.slice(0, MAX_SEED_LENGTH);
  const next = generator(trimmed);
  // The values DiceBear takes before the background, in its order: the text colour (one
  // choice), the background type (one choice), then a shuffle of the colours it throws away.
  next();
  next();
  shuffle(next, BACKGROUND_COLORS);
  const [background] = shuffle(next, BACKGROUND_COLORS);
  return {
    initials: initialsOf(trimmed.trim()).slice(0, 2),
    background: `#${background}`,
    foreground: initialsTextColor(`#${background}`),
  };
}
