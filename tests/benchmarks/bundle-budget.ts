// The JavaScript each page loads before anyone can interact with it, read from the Vite manifest
// of a build: the HTML's entry chunk and everything it imports statically, plus, for a lazily
// loaded route, the route's chunk and its static imports (the router loads it before the page
// renders). Sizes are gzip level 9 of the built files, as a browser would download them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const LANDING_BUDGET_BYTES = 90 * 1024;
export const PAGE_BUDGET_BYTES = 160 * 1024;

const SHELL_MODULE = "src/web/app/routes/app-shell-route.tsx";

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type PageWeight = { page: string; files: string[]; gzipBytes: number; budget: number };

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/** The chunk's file and the files of everything it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The route modules the router imports lazily, as manifest keys (paths from the repo root). */
export function lazyRouteModules(routerFile: string): string[] {
  const source = readFileSync(routerFile, "utf8");
  const dir = path.dirname(routerFile);
  return [...source.matchAll(/import\("(\.{1,2}\/[^"]+)"\)/g)].map((match) =>
    path
      .relative(process.cwd(), path.resolve(dir, `${match[1]}.tsx`))
      .split(path.sep)
      .join("/"),
  );
}

export function measurePages(distDir: string, routerFile: string): PageWeight[] {
  const manifest = readManifest(distDir);
  if (!manifest) throw new Error(`no Vite manifest in ${distDir}/.vite: run "npm run build"`);
  const gzipSizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  const weigh = (page: string, keys: string[], budget: number): PageWeight => {
    const files = new Set<string>();
    for (const key of keys) {
      if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
      staticClosure(manifest, key, files);
    }
    const list = [...files].filter((f) => f.endsWith(".js"));
    return { page, files: list, gzipBytes: list.reduce((sum, f) => sum + sizeOf(f), 0), budget };
  };

  const pages: PageWeight[] = [];
  // The landing page has its own entry when it is built as one (landing.html), else the app's.
  const landingEntry = manifest["landing.html"] ? "landing.html" : "index.html";
  pages.push(weigh("/ (landing)", [landingEntry], LANDING_BUDGET_BYTES));
  pages.push(weigh("app entry alone", ["index.html"], PAGE_BUDGET_BYTES));
  // The signed-in shell is a lazy layout route: the pages inside it (the lazy routes after it
  // in router.tsx) load it alongside their own chunk.
  const routes = lazyRouteModules(routerFile);
  const shellAt = routes.indexOf(SHELL_MODULE);
  if (shellAt === -1) throw new Error(`${SHELL_MODULE} is not a lazy route of ${routerFile}`);
  routes.forEach((route, at) => {
    const keys = at > shellAt ? ["index.html", SHELL_MODULE, route] : ["index.html", route];
    pages.push(weigh(route, keys, PAGE_BUDGET_BYTES));
  });
  return pages;
}
