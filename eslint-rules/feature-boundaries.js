// ESLint rule `tend/feature-boundaries`: features do not reach into each other (architecture.md
// §4). It resolves each relative import against the importing file and checks:
// - server: a feature, a plugin or a lib module uses another feature only through that
//   feature's public module, `features/<name>/<name>.public.ts`; the composition roots
//   (app.ts, main.ts, worker.ts, jobs/) register features and may import anything;
// - web: a feature imports no other feature, and components/ and lib/ import no feature
//   (shared state lives in lib/, pages that need two features are composed in app/).
import path from "node:path";

const FEATURE = /(?:^|\/)src\/(web|server)\/features\/([^/]+)\/(.*)$/;
const AREA = /(?:^|\/)src\/(web|server)\/([^/]+)(\/|$)/;
const SERVER_ROOTS = new Set(["app.ts", "main.ts", "worker.ts", "jobs"]);
const WEB_ROOTS = new Set(["app", "pages", "main.tsx"]);

function locate(file) {
  const p = file.split(path.sep).join("/");
  const feature = FEATURE.exec(p);
  if (feature) return { side: feature[1], feature: feature[2], rest: feature[3] };
  const area = AREA.exec(p);
  return area ? { side: area[1], area: area[2] } : null;
}

function isPublicModule(target) {
  return target.rest.replace(/\.(ts|tsx)$/, "") === `${target.feature}.public`;
}

/** @type {import("eslint").Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: "problem",
    docs: {
      description: "Features use each other only through public modules (server) or app/ (web).",
    },
    schema: [],
    messages: {
      serverInternal:
        "'{{from}}' may not import '{{feature}}' internals: use features/{{feature}}/{{feature}}.public.ts (add what you need there).",
      webFeature:
        "A web feature does not import another feature ('{{feature}}'): move shared state to web/lib, or compose the two in web/app.",
      webShared:
        "web/{{from}} is shared code and may not import a feature ('{{feature}}'): move what it needs to web/lib.",
    },
  },
  create(context) {
    const from = locate(context.filename);
    if (!from) return {};
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      const target = locate(path.resolve(path.dirname(context.filename), spec));
      if (!target || !target.feature || target.side !== from.side) return;
      if (from.feature === target.feature) return;
      const data = { from: from.feature ?? from.area, feature: target.feature };
      if (from.side === "server") {
        if (!from.feature && SERVER_ROOTS.has(from.area)) return;
        if (!isPublicModule(target)) context.report({ node, messageId: "serverInternal", data });
        return;
      }
      if (from.feature) context.report({ node, messageId: "webFeature", data });
      else if (!WEB_ROOTS.has(from.area)) context.report({ node, messageId: "webShared", data });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { "feature-boundaries": featureBoundaries } };
