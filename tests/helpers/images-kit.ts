// Real image files made with sharp for the upload tests, and the hostile ones.
import sharp from "sharp";

export async function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

/** A JPEG with EXIF (camera and GPS-like fields) that re-encoding must drop. */
export async function makeJpeg(width = 80, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "private-marker" } })
    .toBuffer();
}

/** A PNG of random pixels, so it does not compress: about `megabytes` MB. */
export async function makeNoisePng(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (Math.random() * 256) | 0;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

export const TEXT_AS_PNG = Buffer.from("This is a text file with a .png name.\n");

/** A real PNG followed by HTML: a browser sniffing it could run the script. */
export async function makePolyglotPng(): Promise<Buffer> {
  return Buffer.concat([
    await makePng(),
    Buffer.from("<html><script>alert(document.cookie)</script></html>"),
  ]);
}

/** GIF magic bytes followed by JavaScript (the classic GIF/JS polyglot): decodes to nothing. */
export const GIF_JS_POLYGLOT = Buffer.from("GIF89a/*\x00\x00*/=1;alert(document.cookie);//");
