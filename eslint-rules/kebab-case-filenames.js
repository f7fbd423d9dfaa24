// ESLint rule `tend/kebab-case-filenames`: files and folders are kebab-case (code-style.md), so
// `contact-list.tsx` exports `ContactList`. Each dot-separated part of a file's name counts
// (`contacts.routes.ts`, `limit.pglite.test.ts`), as does every folder below the project root.
import path from "node:path";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** @type {import("eslint").Rule.RuleModule} */
export const kebabCaseFilenames = {
  meta: {
    type: "suggestion",
    docs: { description: "File and folder names are kebab-case." },
    schema: [],
    messages: {
      notKebab: "'{{name}}' in '{{file}}' is not kebab-case: rename it to '{{suggestion}}'.",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    if (file.startsWith("..") || path.isAbsolute(file)) return {};
    const parts = file.split("/");
    const base = parts.pop() ?? "";
    const names = [...parts, ...base.split(".").slice(0, -1)];
    const bad = names.filter((name) => name && !name.startsWith(".") && !KEBAB.test(name));
    return {
      Program(node) {
        for (const name of bad) {
          const suggestion = name
            .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
            .replace(/[_\s]+/g, "-")
            .toLowerCase();
          context.report({ node, messageId: "notKebab", data: { name, file, suggestion } });
        }
      },
    };
  },
};

export default { rules: { "kebab-case-filenames": kebabCaseFilenames } };
