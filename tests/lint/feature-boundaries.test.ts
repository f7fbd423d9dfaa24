// `npm run lint` refuses a feature that imports another feature's internals. The
// fixtures break the rule on purpose; they are linted with the project's own eslint.config.js as
// if they were in src/ (stored as .txt, so that neither tsc nor `npm run lint` reads them).
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
// The project's config, without type information: the fixtures are not files of the project.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function lintAs(fixture: string, filePath: string) {
  const text = readFileSync(path.join(root, "tests/fixtures/lint", fixture), "utf8");
  const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === "tend/feature-boundaries");
}

describe("feature boundaries", () => {
  // Loading the config and its plugins is the slow part, done once.
  beforeAll(() => eslint.calculateConfigForFile(path.join(root, "src/core/constants.ts")), 60_000);

  it("refuses a web feature importing another feature", async () => {
    const messages = await lintAs(
      "web-feature-imports-another.tsx.txt",
      "src/web/features/settings/components/boundary-fixture.tsx",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ line: 3, severity: 2 });
    expect(messages[0]!.message).toMatch(/does not import another feature \('billing'\)/);
  });

  it("lets app/ compose the same two features", async () => {
    const messages = await lintAs(
      "web-feature-imports-another.tsx.txt",
      "src/web/app/routes/boundary-fixture.tsx",
    );
    // From src/web/app/routes, "../../billing/…" is not a feature: the rule has nothing to say.
    expect(messages).toEqual([]);
  });

  it("refuses a server feature importing another's internals, not its public module", async () => {
    const messages = await lintAs(
      "server-feature-imports-internals.ts.txt",
      "src/server/features/import-export/boundary-fixture.ts",
    );
    expect(messages.map((m) => m.line)).toEqual([4]);
    expect(messages[0]!.message).toMatch(/contacts\/contacts\.public\.ts/);
  });
});
