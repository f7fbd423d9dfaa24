// The small server-rendered pages behind one-tap and unsubscribe links: they work without
// signing in, in any mail app's browser, in light and dark.
import type { FastifyReply } from "fastify";
import type { Env } from "../../env";
import { html, type SafeHtml } from "../../lib/html";

/** Answers one of these pages: never cached, and the link's token never sent on as a Referer. */
export function sendPage(
  reply: FastifyReply,
  env: Pick<Env, "APP_NAME" | "APP_URL">,
  page: { status: number; title: string; body: SafeHtml },
) {
  return reply
    .status(page.status)
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(renderPage({ appName: env.APP_NAME, appUrl: env.APP_URL, ...page }));
}

export function renderPage(options: {
  appName: string;
  appUrl: string;
  title: string;
  body: SafeHtml;
}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title} · ${options.appName}</title>
        <style>
          :root {
            color-scheme: light dark;
          }
          body {
            margin: 0;
            padding: 0 16px;
            font-family:
              system-ui,
              -apple-system,
              "Segoe UI",
              sans-serif;
            background: #f8fafc;
            color: #1f2937;
          }
          main {
            max-width: 480px;
            margin: 48px auto;
            padding: 24px;
            background: #fff;
            border-radius: 12px;
            box-shadow: 0 1px 3px rgb(0 0 0/0.08);
          }
          h1 {
            font-size: 1.25rem;
            margin: 0 0 12px;
          }
          p {
            line-height: 1.5;
          }
          button {
            font: inherit;
            background: #166534;
            color: #fff;
            border: 0;
            border-radius: 8px;
            padding: 10px 18px;
            cursor: pointer;
            min-height: 44px;
          }
          button:focus-visible,
          a:focus-visible {
            outline: 3px solid #15803d;
            outline-offset: 2px;
          }
          a {
            color: #166534;
          }
          .muted {
            color: #4b5563;
            font-size: 0.9rem;
          }
          @media (prefers-color-scheme: dark) {
            body {
              background: #0f172a;
              color: #e5e7eb;
            }
            main {
              background: #1e293b;
            }
            a {
              color: #86efac;
            }
            .muted {
              color: #cbd5e1;
            }
            button {
              background: #15803d;
            }
          }
        </style>
      </head>
      <body>
        <main>
          <h1>${options.title}</h1>
          ${options.body}
          <p class="muted"><a href="${options.appUrl}/app/rhythms">Open ${options.appName}</a></p>
        </main>
      </body>
    </html>`.toString();
}

export function confirmForm(action: string, label: string): SafeHtml {
  return html`<form method="post" action="${action}">
    <button type="submit">${label}</button>
  </form>`;
}
