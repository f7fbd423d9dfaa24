// The contact list rendered on the server for a signed-in user, so its rows paint
// from the HTML instead of after the app's code, the session, the subscription and the list have
// each arrived and run. The server reads the three answers the page's first render needs through
// its own routes (the same answers, checks and caches as the browser's reads), and renders the
// app's tree with the renderer the build wrote beside the web app (dist/web-ssr). Anything
// missing, failing or slow (no renderer in this build, a read that is not a 200, a page the
// access gate would not show, an error, past the deadline, too many renders at once) serves the
// app's shell, as without it.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliDecompress } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../core/escape-html";
import {
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_RENDERED_USER_ATTRIBUTE,
  SYSTEM_THEME_CLASS,
  type FirstReads,
} from "../../core/prerendered-pages";
import { CONTACT_LIST_READS } from "./route-preloads";

type Renderer = {
  renderSignedInPage: (
    pathname: string,
    reads: FirstReads,
    served: { productName: string; trialDays: number },
    language?: string,
  ) => Promise<string | null>;
};

const [ME, BILLING, LIST] = CONTACT_LIST_READS;
const ROOT_TAG = '<div id="root"><!--app-html--></div>';
/**
 * No frame is drawn before the page is parsed to its end: an element after the
 * root, and a link in the head that makes the browser wait for it. On a slow phone the HTML
 * parser stops after a few milliseconds to let a frame through: the first frame showed the
 * header without the rows, and the rest of the page was styled and laid out again in a long
 * task after that first paint, while the page already looked ready.
 */
const END_OF_PAGE_ID = "end-of-page";
const RENDER_AFTER_PAGE = `<link rel="expect" href="#${END_OF_PAGE_ID}" blocking="render">`;
const END_OF_PAGE = `<template id="${END_OF_PAGE_ID}"></template>`;
/**
 * Past this the shell goes out instead: the page must not wait long on a slow database. (Loading
 * the renderer, once after a start, is not counted.)
 */
const RENDER_DEADLINE_MS = 1000;
/** Renders in flight at once; past this the shell goes out, so list opens never queue up. */
const RENDERS_AT_ONCE = 4;

const unbrotli = promisify(brotliDecompress);

/** <html>'s class for the user's theme: theirs, or the system's by the stylesheet alone. */
function themeClass(theme: FirstReads["me"]["settings"]["theme"]): string {
  if (theme === "light") return "";
  return ` class="${theme === "dark" ? "dark" : SYSTEM_THEME_CLASS}"`;
}

/**
 * A function that renders `pathname` for the request's user into `pageHtml` (the app's shell for
 * that path, filled in), or resolves to null when it cannot; null itself when the build has no
 * renderer.
 */
export function createPageRenderer(app: FastifyInstance, distDir: string) {
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
  const served = { productName: app.env.APP_NAME, trialDays: app.env.TRIAL_DAYS };
  let inFlight = 0;

  /** GET `url` as the request's user: their cookies and address (the same rate-limit bucket). */
  function read(request: FastifyRequest, url: string, cookie: string) {
    return app.inject({
      method: "GET",
      url,
      // The list as the browser asks for it, compressed: one copy in the list's answer cache.
      headers: { cookie, "accept-encoding": "br", "user-agent": "tend-server-render" },
      remoteAddress: request.ip,
    });
  }

  async function readAll(request: FastifyRequest, reply: FastifyReply) {
    const cookie = request.headers.cookie ?? "";
    // The session first: a read that renews it (once a day) sends the renewed cookie, which
    // goes to the browser with the page, and the other reads find it renewed.
    const me = await read(request, ME, cookie);
    if (me.statusCode !== 200) return null;
    const renewed = me.headers["set-cookie"];
    if (renewed && !reply.sent) reply.header("set-cookie", renewed);
    const [billing, list] = await Promise.all([
      read(request, BILLING, cookie),
      read(request, LIST, cookie),
    ]);
    if (billing.statusCode !== 200 || list.statusCode !== 200) return null;
    const body = async (answer: typeof list) =>
      answer.headers["content-encoding"] === "br"
        ? (await unbrotli(answer.rawPayload)).toString("utf8")
        : answer.body;
    const parse = (text: string): unknown => JSON.parse(text);
    return {
      me: parse(me.body),
      billing: parse(billing.body),
      list: parse(await body(list)),
    } as FirstReads;
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    renderer: Renderer,
  ) {
    const reads = await readAll(request, reply);
    if (!reads) return null;
    // Dates are written in the browser's language, which its first accepted language is.
    const language = request.headers["accept-language"]?.split(/[,;]/)[0]?.trim();
    const markup = await renderer.renderSignedInPage(pathname, reads, served, language);
    return markup === null ? null : { reads, markup };
  }

  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    pageHtml: string,
  ): Promise<string | null> => {
    if (request.method !== "GET" || !pageHtml.includes(ROOT_TAG)) return null;
    if (inFlight >= RENDERS_AT_ONCE) return null;
    inFlight += 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const renderer = await loadRenderer();
      const deadline = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_DEADLINE_MS);
      });
      const rendered = await Promise.race([render(request, reply, pathname, renderer), deadline]);
      if (!rendered) return null;
      const { reads, markup } = rendered;
      const root =
        `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${pathname}" ` +
        `${SERVER_RENDERED_USER_ATTRIBUTE}="${escapeHtml(reads.me.user.id)}">${markup}</div>` +
        END_OF_PAGE;
      // Functions as replacements: a "$&" or "$'" in someone's contact is text, not a pattern.
      return pageHtml
        .replace('<html lang="en">', () => `<html lang="en"${themeClass(reads.me.settings.theme)}>`)
        .replace("</head>", () => `${RENDER_AFTER_PAGE}</head>`)
        .replace(ROOT_TAG, () => root);
    } catch (error) {
      request.log.warn({ err: error }, "server render failed; the app's shell is sent instead");
      return null;
    } finally {
      clearTimeout(timer);
      inFlight -= 1;
    }
  };
}
