// The contact list rendered on the server for a signed-in user (decision 214), so its rows paint
// from the HTML instead of after the app's code, the session, the subscription and the list have
// each arrived and run. The server reads the three answers the page's first render needs through
// its own routes (the same answers, checks and caches as the browser's reads), and renders the
// app's tree with the renderer the build wrote beside the web app (dist/web-ssr). Anything
// missing or failing (no renderer in this build, a read that is not a 200, a page the access gate
// would not show, an error while rendering) serves the app's shell, as without it.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_RENDERED_USER_ATTRIBUTE,
  SYSTEM_THEME_CLASS,
} from "../../core/prerendered-pages";

type FirstReads = {
  me: { user: { id: string }; settings: { theme: "light" | "dark" | null } };
  billing: unknown;
  list: unknown;
};

/** <html>'s class for the user's theme: theirs, or the system's by the stylesheet alone. */
function themeClass(theme: FirstReads["me"]["settings"]["theme"]): string {
  if (theme === "light") return "";
  return ` class="${theme === "dark" ? "dark" : SYSTEM_THEME_CLASS}"`;
}
type Renderer = {
  renderSignedInPage: (pathname: string, reads: FirstReads) => Promise<string | null>;
};

/** What the page's first render reads, as the browser asks for it (web/app/preload.ts). */
const FIRST_READS = {
  me: "/api/me",
  billing: "/api/billing/status",
  list: "/api/contacts?archived=false",
} as const;

const ROOT_TAG = '<div id="root"><!--app-html--></div>';

/**
 * A function that renders `pathname` for the request's user into `pageHtml` (the app's shell for
 * that path), or resolves to null when it cannot; null itself when the build has no renderer.
 */
export function serverRenderedPages(app: FastifyInstance, distDir: string) {
  const file = path.join(`${path.resolve(distDir)}-ssr`, "server-render.js");
  if (!existsSync(file)) return null;
  // Loaded on first use: a server nobody opens the list on does not hold React's server code.
  let renderer: Promise<Renderer> | undefined;
  const loadRenderer = () =>
    (renderer ??= (import(pathToFileURL(file).href) as Promise<Renderer>).catch(
      (error: unknown) => {
        renderer = undefined; // tried again on the next page
        throw error;
      },
    ));

  async function read(request: FastifyRequest, url: string): Promise<unknown> {
    const response = await app.inject({
      method: "GET",
      url,
      // The reader's own cookies and address: the same session, the same rate-limit bucket.
      headers: { cookie: request.headers.cookie ?? "", "user-agent": "tend-server-render" },
      remoteAddress: request.ip,
    });
    return response.statusCode === 200 ? (JSON.parse(response.body) as unknown) : undefined;
  }

  return async (
    request: FastifyRequest,
    pathname: string,
    pageHtml: string,
  ): Promise<string | null> => {
    if (!pageHtml.includes(ROOT_TAG)) return null;
    try {
      const [me, billing, list] = await Promise.all([
        read(request, FIRST_READS.me),
        read(request, FIRST_READS.billing),
        read(request, FIRST_READS.list),
      ]);
      if (!me || !billing || !list) return null;
      const reads = { me, billing, list } as FirstReads;
      const markup = await (await loadRenderer()).renderSignedInPage(pathname, reads);
      if (markup === null) return null;
      const root =
        `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${pathname}" ` +
        `${SERVER_RENDERED_USER_ATTRIBUTE}="${escapeAttribute(reads.me.user.id)}">${markup}</div>`;
      // Functions as replacements: a "$&" or "$'" in someone's contact is text, not a pattern.
      return pageHtml
        .replace('<html lang="en">', () => `<html lang="en"${themeClass(reads.me.settings.theme)}>`)
        .replace(ROOT_TAG, () => root);
    } catch (error) {
      request.log.warn({ err: error }, "server render failed; the app's shell is sent instead");
      return null;
    }
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
