// zod as the browser build sees it (vite.config.ts aliases "zod" here): configured to build
// its parsers without `new Function`. Our Content-Security-Policy forbids eval, and zod's probe
// for it, though caught, is reported by the browser as a violation (a console error, and
// Lighthouse's best-practices score). Being the module every `import ... from "zod"` resolves
// to, it is configured before any schema is built, whatever chunk the schema lands in
// (decision 131). The server keeps zod's compiled parsers.
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;
