// `npm run lint` refuses a file or folder whose name is not kebab-case (code-style.md), linted
// with the project's own eslint.config.js as if the file were in the tree.
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
// The project's config, without type information: these paths are not files of the project.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function namesFlagged(filePath: string) {
  const [result] = await eslint.lintText("export const x = 1;\n", {
    filePath: path.join(root, filePath),
  });
  return result!.messages
    .filter((m) => m.ruleId === "tend/kebab-case-filenames")
    .map((m) => m.message);
}

describe("kebab-case file names", () => {
  // Loading the config and its plugins is the slow part, done once.
  beforeAll(() => eslint.calculateConfigForFile(path.join(root, "src/core/constants.ts")), 60_000);

  it("accepts kebab-case names with role suffixes", async () => {
    expect(await namesFlagged("src/web/components/ui/contact-list.tsx")).toEqual([]);
    expect(await namesFlagged("src/server/features/contacts/limit.pglite.test.ts")).toEqual([]);
  });

  it("names each part that is not kebab-case, and the name it should have", async () => {
    expect(await namesFlagged("src/web/components/ui/ContactList.tsx")).toEqual([
      "'ContactList' in 'src/web/components/ui/ContactList.tsx' is not kebab-case: rename it to 'contact-list'.",
    ]);
    expect(await namesFlagged("src/server/user_Features/contacts.Routes.ts")).toHaveLength(2);
  });
});
