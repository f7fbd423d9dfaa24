// The /api/v1 reference as one HTML page, rendered from its OpenAPI document: no script, so it
// reads the same in any browser and under the app's content security policy.
import { html, rawHtml, type SafeHtml } from "../../lib/html";

type Schema = { examples?: unknown[]; example?: unknown; description?: string; type?: unknown };
type Media = { schema?: Schema; example?: unknown };
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
};
type Document = {
  info?: { title?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
};

/** Plain text with `code` spans, as the document's descriptions are written. */
function prose(text: string | undefined): SafeHtml {
  if (!text) return html``;
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    const parts = paragraph
      .split("`")
      .map((part, i) => (i % 2 ? html`<code>${part}</code>` : html`${part}`));
    return html`<p>${parts}</p>`;
  });
  return html`${paragraphs}`;
}

/** OpenAPI puts a single example on the media type, several in the schema's `examples`. */
function exampleOf(media: Media | undefined): unknown {
  return media?.example ?? media?.schema?.examples?.[0];
}

function renderOperation(method: string, path: string, op: Operation): SafeHtml {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
  const parameters = op.parameters ?? [];
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {});
  const success = responses.find(([status]) => status.startsWith("2"));
  const example = exampleOf(success?.[1].content?.["application/json"]);
  return html`<section class="op" id="${id}">
    <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
    ${op.summary ? html`<p class="summary">${op.summary}</p>` : ""} ${prose(op.description)}
    ${
      parameters.length
        ? html`<table>
            <caption>
              Parameters
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">About</th>
              </tr>
            </thead>
            <tbody>
              ${parameters.map(
                (p) =>
                  html`<tr>
                    <td><code>${p.name}</code>${p.required ? " (required)" : ""}</td>
                    <td>${p.in}</td>
                    <td>${prose(p.description ?? p.schema?.description)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : ""
    }
    ${body ? html`<p>Takes a JSON body; see <code>requestBody</code> in the OpenAPI document for every field.</p>` : ""}
    <p>Answers: ${responses.map(([status], i) => html`${i ? ", " : ""}<code>${status}</code>`)}</p>
    ${example === undefined ? "" : html`<pre tabindex="0" aria-label="Example answer">${JSON.stringify(example, null, 2)}</pre>`}
  </section>`;
}

const STYLE = rawHtml(`
  :root { color-scheme: light dark; --fg: #1c1917; --bg: #fafaf9; --muted: #57534e; --line: #d6d3d1; --code: #f5f5f4; --accent: #166534; }
  @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f4; --bg: #1c1917; --muted: #d6d3d1; --line: #44403c; --code: #292524; --accent: #86efac; } }
  body { font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
  main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
  a { color: var(--accent); }
  code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
  code { background: var(--code); padding: 0 0.2em; border-radius: 0.2em; overflow-wrap: anywhere; }
  pre { background: var(--code); padding: 0.75rem; border-radius: 0.4rem; overflow: auto; max-height: 24rem; }
  .op { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 1.5rem; }
  .op h3 { font-size: 1.05rem; overflow-wrap: anywhere; }
  .summary { font-weight: 600; }
  .method { display: inline-block; min-width: 4.2rem; font-size: 0.8rem; font-weight: 700; color: var(--accent); }
  table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
  caption { text-align: left; font-weight: 600; }
  th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 0.3rem 0.5rem 0.3rem 0; }
  td p { margin: 0; }
`);

export function renderApiDocs(document: Record<string, unknown>): string {
  const doc = document as Document;
  const title = doc.info?.title ?? "API";
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const tags = [...new Set(operations.map(({ op }) => op.tags?.[0] ?? "other"))];
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} reference</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>
          <h1>${title} reference</h1>
          ${prose(doc.info?.description)}
          <p>
            The machine-readable document:
            <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
          </p>
          <nav aria-label="Operations">
            <ul>
              ${operations.map(
                ({ path, method, op }) =>
                  html`<li>
                    <a href="#${`${method}-${path}`.replace(/[^a-z0-9]+/gi, "-")}"
                      >${op.summary ?? `${method.toUpperCase()} ${path}`}</a
                    >
                  </li>`,
              )}
            </ul>
          </nav>
          ${tags.map(
            (tag) =>
              html`<h2>${tag[0]!.toUpperCase()}${tag.slice(1)}</h2>
                ${operations
                  .filter(({ op }) => (op.tags?.[0] ?? "other") === tag)
                  .map(({ path, method, op }) => renderOperation(method, path, op))}`,
          )}
        </main>
      </body>
    </html>`.toString();
}
