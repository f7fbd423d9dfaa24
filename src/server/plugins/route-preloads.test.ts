import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../../tests/helpers/test-app";
import { ROUTE_MODULES, withCodeAfterFirstPaint } from "./route-preloads";

const AUTH = "src/web/app/routes/auth-route.tsx";
const SHELL = "src/web/app/routes/app-shell-route.tsx";
const CONTACTS = "src/web/features/contacts/components/contacts-page.tsx";

// A build manifest shaped like Vite's: the entry, its shared chunks, and lazy route chunks that
// share a form chunk with each other and a vendor chunk with the entry.
const manifest = {
  "landing.html": { file: "assets/landing-0.js", isEntry: true, imports: ["_react.js"] },
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-2.js" },
  "_form.js": { file: "assets/form-3.js", imports: ["_react.js"] },
  [AUTH]: { file: "assets/auth-route-4.js", imports: ["_form.js", "_react.js"] },
  [SHELL]: { file: "assets/app-shell-5.js", imports: ["_react.js"] },
  [CONTACTS]: { file: "assets/contacts-page-6.js", imports: ["_form.js"] },
};

describe("route preloads in the served index.html", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "tend-preload-dist-"));
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(path.join(dist, ".vite"), { recursive: true });
    writeFileSync(path.join(dist, "index.html"), indexHtml);
    writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
    t = await build({ WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("names the page's own chunks, and not the entry's, for a page opened from outside", async () => {
    for (const url of ["/auth", "/auth?tab=signup", "/auth/"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual(["/assets/auth-route-4.js", "/assets/form-3.js"]);
      expect(res.body, url).toContain('<script type="module" src="/assets/index-1.js">');
    }
    const contacts = await t.app.inject({ url: "/app/contacts" });
    expect(preloads(contacts.body)).toEqual([
      "/assets/app-shell-5.js",
      "/assets/contacts-page-6.js",
      "/assets/form-3.js",
    ]);
  });

  it("sends index.html as built for any other page, and when a module is not in the build", async () => {
    for (const url of ["/app/rhythms", "/forgot-password", "/app/contacts/12", "/subscribe"]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it("starts a signed-in visitor's first reads of the contact list with its HTML", async () => {
    const reads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    const cookie = "better-auth.session_token=abc.def";
    for (const url of ["/app/contacts", "/app"]) {
      const signedIn = await t.app.inject({ url, headers: { cookie } });
      expect(reads(signedIn.body), url).toEqual([
        "/api/me",
        "/api/billing/status",
        "/api/contacts?archived=false",
      ]);
      expect(signedIn.headers.vary, url).toMatch(/cookie/i);
      const signedOut = await t.app.inject({ url });
      expect(reads(signedOut.body), url).toEqual([]);
      expect(signedOut.headers.vary, url).toMatch(/cookie/i);
    }
    // Another list (archived) or another page: no reads named.
    for (const url of ["/app/contacts?archived=true", "/app/rhythms", "/auth"]) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(reads(res.body), url).toEqual([]);
    }
  });

  it("lists only modules that exist and that the router loads for that path", () => {
    const router = readFileSync("src/web/app/router.tsx", "utf8");
    const importPathOf = (module: string) =>
      path
        .relative("src/web/app", module)
        .replace(/\.tsx?$/, "")
        .replace(/^(?!\.)/, "./");
    // Each route's path and the module its lazy() imports, as router.tsx writes them.
    const routes = [
      ...router.matchAll(/path: "([^"]+)",\s*lazy: lazyRoute\(\s*\(\) => import\("([^"]+)"\)/g),
    ];
    const loadedFor = (segment: string) =>
      routes.filter(([, routePath]) => routePath === segment).map(([, , module]) => module);
    for (const [pathname, modules] of Object.entries(ROUTE_MODULES)) {
      for (const module of modules) {
        expect(existsSync(module), `${pathname}: ${module}`).toBe(true);
        expect(router, `${pathname}: ${module}`).toContain(`import("${importPathOf(module)}")`);
      }
    }
    // Each page's own module (the last) is the one router.tsx loads for its path; the signed-in
    // shell has no path of its own (it frames /app's pages).
    for (const [pathname, segment] of [
      ["/auth", "/auth"],
      ["/subscribe", "/subscribe"],
      ["/verify-email", "/verify-email"],
      ["/reset-password", "/reset-password"],
      ["/app/contacts", "contacts"],
    ] as const) {
      expect(loadedFor(segment), pathname).toEqual([
        importPathOf(ROUTE_MODULES[pathname]!.at(-1)!),
      ]);
    }
  });
});

describe("withCodeAfterFirstPaint", () => {
  const head =
    '<head><meta charset="UTF-8" /><title>Tend</title>' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-2.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/styles-9.css">' +
    '<link rel="modulepreload" crossorigin href="/assets/contacts-page-6.js"></head>';
  const page = `<!doctype html><html lang="en">${head}<body><div id="root"></div></body></html>`;

  it("moves the entry and every module preload out of the head into the starter, in order", () => {
    const served = withCodeAfterFirstPaint(page);
    expect(served).not.toContain('type="module"');
    expect(served).not.toContain("modulepreload");
    expect(served).toContain(
      '<script defer src="/start-after-paint.js" data-entry="/assets/index-1.js"' +
        ' data-preloads="/assets/react-2.js /assets/contacts-page-6.js"></script>',
    );
    // The stylesheet, the title and the body stay as they were.
    expect(served).toContain('<link rel="stylesheet" crossorigin href="/assets/styles-9.css">');
    expect(served).toContain("<title>Tend</title>");
    expect(served).toContain('<body><div id="root"></div></body>');
  });

  it("leaves a page without a module entry as it is", () => {
    const plain = "<!doctype html><html><head></head><body></body></html>";
    expect(withCodeAfterFirstPaint(plain)).toBe(plain);
  });
});
