// Pre-compresses the built web app once, at build time: next to every text file
// of 1 KB or more, `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9). The server
// sends these as they are to a browser that accepts them (@fastify/static preCompressed), instead
// of compressing every response again. Source maps are skipped: browsers are not sent them.
//   node scripts/compress-assets.mjs [outDir]   (default dist/web)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/i;
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* filesUnder(file);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(file).size >= MIN_BYTES) {
      yield file;
    }
  }
}

export function compressAssets(outDir) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const file of filesUnder(outDir)) {
    const bytes = readFileSync(file);
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
    before += bytes.length;
    after += brotli.length;
  }
  return { count, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? process.env.WEB_DIST_DIR ?? "dist/web";
  const { count, before, after } = compressAssets(outDir);
  console.log(
    `pre-compressed ${count} files in ${outDir}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
  );
}
