// Serves the built SPA: hashed assets cached for a year, index.html (never cached) for every
// client route, the prerendered landing page for "/", and JSON 404s for unknown /api paths and
// for files that do not exist.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isAppPath } from "../../core/app-paths";
import { fillProductName } from "../../core/product-name";
import { fillTrialWording } from "../../core/trial-offer";

// The last path segment ends in ".js", ".png", ".webmanifest"…; client routes never do.
const FILE_EXTENSION = /\/[^/]*\.[a-z0-9]{1,12}$/i;

export async function spaPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const root = path.resolve(opts.distDir);
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`no built web app at ${root}: run "npm run build" (the API still works)`);
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  const landingFile = path.join(root, "landing.html");
  // The prerender leaves the product name as a marker (APP_NAME is runtime config): fill it once.
  const landingHtml = existsSync(landingFile)
    ? fillTrialWording(
        fillProductName(readFileSync(landingFile, "utf8"), app.env.APP_NAME),
        app.env.TRIAL_DAYS,
      )
    : indexHtml;

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // landing.html is the unfilled template of "/": only served, filled, at "/".
    allowedPath: (pathname) => pathname !== "/landing.html",
    setHeaders(res, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : "no-cache");
      if (filePath.endsWith(".mjs")) res.header("content-type", "text/javascript; charset=utf-8");
    },
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
    return reply.send(pathname === "/" ? landingHtml : indexHtml);
  });
}
