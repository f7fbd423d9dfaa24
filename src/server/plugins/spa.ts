// Serves the built SPA: hashed assets cached for a year, index.html (never cached) for every
// client route and at its own path (the service worker's app shell), the web manifest and the
// service worker (never cached either), the prerendered landing page for "/", and JSON 404s for
// unknown /api paths and for files that do not exist. Files are sent as the build pre-compressed
// them (.br, .gz) to a browser that accepts it, as they are otherwise; source maps only outside
// production.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { getSessionCookie } from "better-auth/cookies";
import type { FastifyInstance } from "fastify";
import { isAppPath } from "../../core/app-paths";
import { PRERENDERED_PATHS, SERVER_RENDERED_PATHS } from "../../core/prerendered-pages";
import { fillManifestName } from "../../core/app-manifest";
import { fillProductName } from "../../core/product-name";
import { fillTrialWording } from "../../core/trial-offer";
import {
  indexHtmlByPath,
  prerenderedHtmlByPath,
  signedInReadTags,
  withCodeAfterFirstPaint,
} from "./route-preloads";
import { createPageRenderer } from "./server-rendered-page";

// The last path segment ends in ".js", ".png", ".webmanifest"…; client routes never do.
const FILE_EXTENSION = /\/[^/]*\.[a-z0-9]{1,12}$/i;

const SOURCE_MAP = /\.map$/i;

export async function spaPlugin(
  app: FastifyInstance,
  opts: { distDir: string; serveSourceMaps: boolean },
) {
  const root = path.resolve(opts.distDir);
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`no built web app at ${root}: run "npm run build" (the API still works)`);
    return;
  }
  // The build leaves the product name and the trial's wording as markers in every page's head,
  // and in the prerendered pages' bodies (APP_NAME and TRIAL_DAYS are runtime config): filled
  // once here.
  const fillServed = (html: string) =>
    fillTrialWording(fillProductName(html, app.env.APP_NAME), app.env.TRIAL_DAYS);
  const indexHtml = fillServed(readFileSync(indexFile, "utf8"));
  // The pages opened from outside name their route's code in the head.
  const pageHtml = indexHtmlByPath(root, indexHtml);
  // /auth and /subscribe as a visitor without a session first sees them.
  const prerenderedHtml = new Map(
    [...prerenderedHtmlByPath(root, PRERENDERED_PATHS)].map(([page, html]) => [
      page,
      fillServed(html),
    ]),
  );
  const prerenderedFiles = new Set(PRERENDERED_PATHS.map((page) => `${page}.html`));
  // The contact list, rendered for the signed-in user, where the build has a
  // renderer.
  const renderForUser = createPageRenderer(app, root);
  // Their shells, whose code starts after the first paint, made once.
  const serverRenderedHtml = new Map<string, string>(
    SERVER_RENDERED_PATHS.map((page) => [
      page,
      withCodeAfterFirstPaint(pageHtml.get(page) ?? indexHtml),
    ]),
  );
  const landingFile = path.join(root, "landing.html");
  const landingHtml = existsSync(landingFile)
    ? fillServed(readFileSync(landingFile, "utf8"))
    : indexHtml;

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Without a wildcard the plugin registers a GET and HEAD route for every file it finds: the
    // .br and .gz copies are found beside their file when it is asked for, never by their own
    // name, and source maps are refused in production anyway. Leaving them out, routes are made
    // for 148 of the build's 472 files at start.
    // index.html and the web manifest have routes of their own below, which fill them in.
    globIgnore: [
      "**/*.br",
      "**/*.gz",
      "index.html",
      "manifest.webmanifest",
      ...(opts.serveSourceMaps ? [] : ["**/*.map"]),
    ],
    // landing.html and index.html are unfilled templates: only served, filled, at the app's
    // paths; the prerendered pages only at their own paths.
    allowedPath: (pathname) =>
      pathname !== "/landing.html" &&
      pathname !== "/index.html" &&
      !prerenderedFiles.has(pathname) &&
      (opts.serveSourceMaps || !SOURCE_MAP.test(pathname)),
    setHeaders(res, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : "no-cache");
      if (filePath.endsWith(".mjs")) res.header("content-type", "text/javascript; charset=utf-8");
    },
  });

  // The shell the service worker keeps and opens every page of the app from: index.html, filled.
  app.get("/index.html", { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml),
  );
  const manifestFile = path.join(root, "manifest.webmanifest");
  if (existsSync(manifestFile)) {
    const manifest = fillManifestName(readFileSync(manifestFile, "utf8"), app.env.APP_NAME);
    app.get("/manifest.webmanifest", { schema: { hide: true } }, (_request, reply) =>
      reply
        .header("cache-control", "no-cache")
        .type("application/manifest+json; charset=utf-8")
        .send(manifest),
    );
  }

  // A form of a prerendered page sent before the page's code has run is posted
  // natively: its fields (a password) travel in the body, never in the address, and are not
  // read; the answer sends the person back to the page, live by then, to send it again.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null));
      payload.on("error", (error) => done(error));
    });
    for (const page of ["/", ...PRERENDERED_PATHS])
      scope.post(page, { schema: { hide: true } }, (_request, reply) => reply.redirect(page, 303));
  });

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || pathname === "/api") {
      return reply.status(404).send({
        error: { code: "NOT_FOUND", message: `No such endpoint: GET ${pathname}` },
      });
    }
    // A file that is not there (an old hashed bundle after a deploy, a missing icon) is a 404:
    // index.html in its place would be run as a script or shown as an image.
    if (pathname.startsWith("/assets/") || FILE_EXTENSION.test(pathname)) {
      return reply.status(404).send({
        error: { code: "NOT_FOUND", message: `No such file: ${pathname}` },
      });
    }
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8");
    // Unknown paths still get the app (it renders the 404 page), with the status that says so.
    if (!isAppPath(pathname)) reply.status(404);
    const hasSession = () =>
      Boolean(getSessionCookie(new Headers({ cookie: request.headers.cookie ?? "" })));
    const prerendered = prerenderedHtml.get(pathname);
    if (prerendered) {
      // Prerendered signed out, at the plain path: a query (/auth's verification
      // errors) or a session gets the app's shell, which renders what they call for.
      reply.header("vary", "cookie");
      if (!request.url.includes("?") && !hasSession()) return reply.send(prerendered);
    }
    if (pathname !== "/") {
      const page = pathname.replace(/(.)\/$/, "$1");
      const html = pageHtml.get(page) ?? indexHtml;
      // With no query (which could ask for another list), a signed-in page's first reads start
      // with the HTML.
      const reads = request.url.includes("?") ? "" : signedInReadTags(page);
      if (!reads) return reply.send(html);
      reply.header("vary", "cookie");
      if (!hasSession()) return reply.send(html);
      // A page the server renders for the user, at exactly its path (the browser
      // hydrates no other), is drawn from its HTML and asks for nothing before it paints: its
      // code starts after the first paint, then reads the answers it takes the
      // markup over with.
      const shell = serverRenderedHtml.get(pathname);
      const rendered =
        renderForUser && shell ? await renderForUser(request, reply, page, shell) : null;
      if (rendered === null) return reply.send(html.replace("</head>", `${reads}</head>`));
      // Someone's own address book: stored by no cache, not even the browser's back and forward
      // (after a sign-out, or with someone else signed in, it must not paint again).
      reply.header("cache-control", "private, no-store");
      return reply.send(rendered);
    }
    // The landing page is static: someone signed in gets the app instead, whose
    // access gating takes them on (to /app/contacts, onboarding or /subscribe).
    reply.header("vary", "cookie");
    return reply.send(hasSession() ? indexHtml : landingHtml);
  });
}
