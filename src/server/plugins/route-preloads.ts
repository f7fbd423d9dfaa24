// The pages people open from outside the app (a link in an email, a bookmark, the address bar)
// get their route's code named in the HTML, so the browser fetches it beside the app's entry
// instead of after it: the entry would otherwise have to arrive and run before the router asks
// for the page's chunk. The chunks come from Vite's build manifest; a path that is
// not listed, or a build without a manifest, gets the plain index.html.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const SHELL = "src/web/app/routes/app-shell-route.tsx";
const CONTACTS = "src/web/features/contacts/components/contacts-page.tsx";

/** Each page's lazily loaded route modules (router.tsx), by path. */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  "/auth": ["src/web/app/routes/auth-route.tsx"],
  "/subscribe": ["src/web/features/billing/components/subscribe-page.tsx"],
  "/verify-email": ["src/web/features/auth/components/verify-email-page.tsx"],
  "/reset-password": ["src/web/features/auth/components/reset-password-page.tsx"],
  "/app": [SHELL, CONTACTS],
  "/app/contacts": [SHELL, CONTACTS],
};

/**
 * What the contact list asks the API for as it opens (web/app/preload.ts: the session, the
 * subscription and the list, together). Named in the head when the request carries a session
 * cookie, the browser fetches them with the HTML instead of after the app's code has run; the
 * app's own requests (same URL, same-origin credentials) then take those answers.
 */
export const CONTACT_LIST_READS = [
  "/api/me",
  "/api/billing/status",
  "/api/contacts?archived=false",
] as const;
const SIGNED_IN_READS: Readonly<Record<string, readonly string[]>> = {
  "/app": CONTACT_LIST_READS,
  "/app/contacts": CONTACT_LIST_READS,
};

/** The preload tags of a signed-in page's first reads, or "" for a page without any. */
export function signedInReadTags(pathname: string): string {
  return (SIGNED_IN_READS[pathname] ?? [])
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`)
    .join("");
}

/** A module and every chunk it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The `<link rel="modulepreload">` tags of each listed path: its route modules' chunks that the
 * entry does not already load (index.html names those). A module missing from the manifest
 * (renamed, moved) is left out, so the page still works and loads it as before.
 */
export function routePreloadTags(manifest: Manifest): Map<string, string> {
  // The app's entry (landing.html is the build's other entry, for "/" only).
  const entry = staticClosure(manifest, "index.html");
  const tags = new Map<string, string>();
  for (const [pathname, modules] of Object.entries(ROUTE_MODULES)) {
    const chunks = new Set<string>();
    for (const module of modules) staticClosure(manifest, module, chunks);
    const files = [...chunks].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
    if (files.length === 0) continue;
    tags.set(
      pathname,
      files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(""),
    );
  }
  return tags;
}

/** The route preload tags of each listed path, read from the build's manifest. */
function readRoutePreloadTags(distDir: string): Map<string, string> {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return new Map();
  return routePreloadTags(JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest);
}

/** index.html for each listed path, with its route's chunks named in the head. */
export function indexHtmlByPath(distDir: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!indexHtml.includes("</head>")) return pages;
  for (const [pathname, tags] of readRoutePreloadTags(distDir)) {
    pages.set(pathname, indexHtml.replace("</head>", `${tags}</head>`));
  }
  return pages;
}

/**
 * A prerendered page is drawn from its HTML and CSS alone; its code only takes the markup over.
 * So the code is fetched at low priority: on a slow link the stylesheet, the
 * HTML's images and fonts come first, and the first paint does not wait on ~150 KB of script.
 */
export function withScriptsAtLowPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

/**
 * The prerendered pages the build wrote (`auth.html` for /auth…), by path, with
 * their route's chunks named in the head as index.html's copy for that path has them, all of it
 * fetched at low priority.
 */
export function prerenderedHtmlByPath(
  distDir: string,
  paths: readonly string[],
): Map<string, string> {
  const tags = readRoutePreloadTags(distDir);
  const pages = new Map<string, string>();
  for (const pathname of paths) {
    const file = path.join(distDir, `${pathname.slice(1)}.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    const page = html.replace("</head>", `${tags.get(pathname) ?? ""}</head>`);
    pages.set(pathname, withScriptsAtLowPriority(page));
  }
  return pages;
}

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A page drawn by the server starts its code after its first paint: the entry's
 * `<script type="module">` and every `<link rel="modulepreload">` leave the head, and
 * `/start-after-paint.js` (deferred) asks for the same files once the first paint is on screen,
 * holding presses until the app takes them over. A page without a module entry is returned as it
 * is.
 */
export function withCodeAfterFirstPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const starter =
    `<script defer src="/start-after-paint.js" data-entry="${entry[1]}"` +
    ` data-preloads="${preloads.join(" ")}"></script>`;
  return html.replace(MODULE_PRELOAD, "").replace(entry[0], () => starter);
}
