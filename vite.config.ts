import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_MANIFEST } from "./src/core/app-manifest.ts";

// The running build's version, which a bug report carries (Feedback and Support).
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

const apiPort = Number(process.env.API_PORT ?? 3001);

// zod's classic schemas reference its JSON Schema generator (toJSONSchema, "~standard".jsonSchema)
// although the browser never generates JSON Schema (only the server does, for its API docs):
// in the browser build those modules become functions that say so, which keeps ~25 KB gzip of
// generator out of every page. The bundle benchmark checks it stays out.
const ZOD_JSON_SCHEMA_MODULES = [
  "/zod/v4/core/to-json-schema.js",
  "/zod/v4/core/json-schema-processors.js",
  "/zod/v4/core/json-schema-generator.js",
  "/zod/v4/classic/from-json-schema.js",
];
function zodJsonSchemaOnTheServerOnly(): Plugin {
  return {
    name: "tend:zod-json-schema-server-only",
    apply: "build",
    async load(id) {
      const file = id.split("?")[0]!.split(path.sep).join("/");
      if (!ZOD_JSON_SCHEMA_MODULES.some((m) => file.endsWith(`/node_modules${m}`))) return null;
      const names = Object.keys((await import(pathToFileURL(file).href)) as object);
      return [
        "function unavailable() {",
        '  throw new Error("JSON Schema is generated on the server only.");',
        "}",
        `export { ${names.map((name) => `unavailable as ${name}`).join(", ")} };`,
      ].join("\n");
    },
  };
}

// zod without eval in the browser: our Content-Security-Policy forbids it, and zod's probe for
// `new Function`, though caught, is reported by the browser as a violation (a console error,
// and Lighthouse's best-practices score). In the browser build zod's configuration object starts
// out `jitless`, so no schema is ever built before it and no statement of ours has to run first
// The server keeps zod's compiled parsers; the dev server sends no CSP.
const ZOD_CONFIG_START = "__zod_globalConfig = {})";
function zodWithoutEvalInTheBrowser(): Plugin {
  return {
    name: "tend:zod-without-eval-in-the-browser",
    apply: "build",
    transform: {
      filter: { id: /\/node_modules\/zod\/v4\/core\/core\.js$/ },
      handler(code, id) {
        if (!code.includes(ZOD_CONFIG_START))
          throw new Error(`${id} no longer starts zod's configuration as "${ZOD_CONFIG_START}"`);
        return {
          code: code.replace(ZOD_CONFIG_START, "__zod_globalConfig = { jitless: true })"),
          map: null,
        };
      },
    },
  };
}

// Our zod schemas are built when their module runs, so a page that needed only a module's
// constants or helpers loaded zod (~20 KB gzip) and built every schema of the module. Building
// a schema has no effect outside it (the browser never reads zod's registry), so in the browser
// build each top-level value of our own modules that import zod is computed in a function call
// marked pure: a value no code of the page uses is left out, and zod with it when none is used.
// Values are still computed once, in the same order, when the module runs.
const COMPUTED_VALUES = new Set([
  "CallExpression",
  "MemberExpression",
  "ObjectExpression",
  "ArrayExpression",
  "ConditionalExpression",
  "LogicalExpression",
]);
function zodSchemasLeftOutWhenUnused(): Plugin {
  return {
    name: "tend:zod-schemas-left-out-when-unused",
    apply: "build",
    transform: {
      filter: { id: /\/src\/(core|web)\/.*\.tsx?$/, code: /\bfrom "zod(\/v4)?"/ },
      handler(code) {
        const edits: { at: number; text: string }[] = [];
        for (let statement of this.parse(code).body) {
          if (statement.type === "ExportNamedDeclaration" && statement.declaration)
            statement = statement.declaration;
          if (statement.type !== "VariableDeclaration") continue;
          for (const { init } of statement.declarations) {
            if (!init || !COMPUTED_VALUES.has(init.type)) continue;
            edits.push({ at: init.start, text: "/* @__PURE__ */ (() => (" });
            edits.push({ at: init.end, text: "))()" });
          }
        }
        let out = code;
        for (const { at, text } of edits.sort((a, b) => b.at - a.at))
          out = out.slice(0, at) + text + out.slice(at);
        return { code: out, map: null };
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    zodWithoutEvalInTheBrowser(),
    zodJsonSchemaOnTheServerOnly(),
    zodSchemasLeftOutWhenUnused(),
    // The service worker (src/web/sw.ts) with the list of built files to keep, and the web
    // manifest (docs/decisions/0281). The app registers the worker itself (service-worker.ts)
    // and asks before a new version takes over.
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: "injectManifest",
            srcDir: "src/web",
            filename: "sw.ts",
            registerType: "prompt",
            injectRegister: false,
            manifest: APP_MANIFEST,
            injectManifest: {
              // The app shell (index.html, served filled in by the server) and every built
              // file a page may load, the map's bundled basemap included. The landing page and
              // the prerendered public pages are not part of the installed app.
              globPatterns: ["**/*.{js,mjs,css,html,svg,json,png,woff2}"],
              globIgnores: ["landing.html", "**/*.map", ".vite/**"],
              // maplibre's bundle is about 1 MB.
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            },
          }),
        ]),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // The server's renderer bundles what it uses, tree-shaken (a handful of lucide's icons, not
  // the package's 1,500), so loading it on first use is quick and small.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  resolve: {
    alias: [
      // react-router's package exports only its development build (with its warnings); the
      // production build is the same code without them.
      ...(command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
            },
          ]
        : []),
    ],
  },
  build: {
    // `vite build --ssr src/web/server-render.tsx` writes the server's renderer of the signed-in
    // contact list beside the web app, in <outDir>-ssr.
    outDir: isSsrBuild ? "dist/web-ssr" : "dist/web",
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // Maps are written for our own error reports but not linked from the files, and the server
    // does not serve them in production.
    sourcemap: "hidden",
    manifest: !isSsrBuild,
    // The app, and the prerendered landing page with only its own small script.
    rollupOptions: {
      input: { index: "index.html", landing: "landing.html" },
      output: {
        // TanStack Query in one chunk: split by which pages use which part (useMutation,
        // useQuery, their shared base), its pieces cost each page more in per-file gzip
        // overhead than the parts a page does not use.
        codeSplitting: {
          // React, which TanStack Query imports, stays where it was (the landing page needs it,
          // not TanStack Query).
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "query",
              test: /\/node_modules\/@tanstack\/(react-)?query-core\/|\/node_modules\/@tanstack\/react-query\//,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/dev/mailbox": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
}));
