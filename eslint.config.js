import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import featureBoundaries from "./eslint-rules/feature-boundaries.js";
import kebabCaseFilenames from "./eslint-rules/kebab-case-filenames.js";

const tend = { rules: { ...featureBoundaries.rules, ...kebabCaseFilenames.rules } };

// Import boundaries: core imports neither server nor web; server and web never import each other.
const boundary = (patterns, message) => ({
  "no-restricted-imports": [
    "error",
    { patterns: patterns.map((group) => ({ group: [group], message })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-server",
      ".tmp",
      "data",
      "node_modules",
      "src/server/db/migrations",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { tend, "import-x": importX },
    settings: {
      // Cycles are ours to find: the packages' own files are not read.
      "import-x/ignore": ["node_modules"],
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] }),
      ],
    },
    rules: {
      "tend/kebab-case-filenames": "error",
      // A cycle makes load order decide what a module sees; type-only imports do not count.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "@typescript-eslint/only-throw-error": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          allowForKnownSafeCalls: [
            { from: "package", name: "NavigateFunction", package: "react-router" },
          ],
        },
      ],
    },
  },
  {
    // Features use each other only through public modules (server) or app/ (web).
    files: ["src/**/*.{ts,tsx}"],
    rules: { "tend/feature-boundaries": "error" },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(["**/server/**", "node:*"], "The browser code must not import server code."),
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: boundary(["**/web/**"], "Server code must not import browser code."),
  },
  {
    files: ["src/core/**/*.ts"],
    rules: boundary(
      ["**/server/**", "**/web/**", "node:*", "drizzle-orm*", "react*"],
      "src/core is runtime-agnostic.",
    ),
  },
  {
    // Tests read untyped JSON responses; asserting on them is the point.
    files: ["**/*.test.ts", "tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
);
