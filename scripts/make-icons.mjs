// Draws the app's PNG icons from the favicon's heart (public/favicon.svg) into public/icons/:
// "any" icons (rounded square, as the favicon), maskable ones (full-bleed square, the heart
// inside the central 80 % safe zone a launcher may crop to a circle) and Apple's touch icon
// (iOS rounds the corners itself). Run after changing the favicon:
//   node scripts/make-icons.mjs
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const GREEN = "#166534";
const HEART = "M16 25c-5-3-9-7-9-12a5 5 0 0 1 9-3 5 5 0 0 1 9 3c0 5-4 9-9 12z";

/** The heart scaled by `scale` about the icon's centre, on a 32×32 canvas. */
function svg({ rounded, scale }) {
  const shift = 16 * (1 - scale);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
      `<rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="${GREEN}"/>` +
      `<path transform="translate(${shift} ${shift}) scale(${scale})" d="${HEART}" fill="#fff"/>` +
      `</svg>`,
  );
}

const ICONS = [
  { file: "icon-192.png", size: 192, rounded: true, scale: 1 },
  { file: "icon-512.png", size: 512, rounded: true, scale: 1 },
  { file: "maskable-192.png", size: 192, rounded: false, scale: 0.8 },
  { file: "maskable-512.png", size: 512, rounded: false, scale: 0.8 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, scale: 0.9 },
];

const outDir = path.resolve("public/icons");
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  await sharp(svg(icon), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, icon.file));
  console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
