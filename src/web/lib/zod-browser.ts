// zod as the browser build sees it (vite.config.ts aliases "zod" here): configured to build
// its parsers without `new Function`. Our Content-Security-Policy forbids eval, and zod's probe
// for it, though caught, is reported by the browser as a violation (a console error, and
// Lighthouse's best-practices score). Every `import { z } from "zod"` resolves to this module's
// `z`, whose value is zod *after* the configuration, so a schema is never built before it,
// whatever chunk the schema lands in (decision 131). The configuration is part of `z`'s value
// rather than a statement of its own because the build drops this module's statements where a
// page uses none of its values (decision 192): a page without schemas loads no zod at all. The
// server keeps zod's compiled parsers.
import { z as zod } from "zod/v4";

function withoutEval(instance: typeof zod): typeof zod {
  instance.config({ jitless: true });
  return instance;
}

export const z = /* @__PURE__ */ withoutEval(zod);

export * from "zod/v4";
export default z;
