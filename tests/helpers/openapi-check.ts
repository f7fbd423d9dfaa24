// Checks answers against an OpenAPI 3.1 document: the operation the request matched, the status
// it answered, and the JSON schema declared for it (JSON Schema 2020-12, formats included).
import type { LightMyRequestResponse } from "fastify";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Schema = Record<string, unknown>;
type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: Schema; example?: unknown }> }>;
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

function templateRegex(template: string): RegExp {
  const pattern = template
    .split("/")
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${pattern}$`);
}

export function createOpenApiCheck(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: "openapi" }, "openapi");
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, regex: templateRegex(template) }))
    // Literal segments win over parameters, as in the router: /contacts/due before /contacts/{id}.
    .sort(
      (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
    );
  const checked = new Set<string>();

  /** Problems with this answer (empty when it matches the document). */
  function check(method: string, url: string, res: LightMyRequestResponse): string[] {
    const path = url.split("?")[0]!;
    const found = templates.find(({ regex }) => regex.test(path));
    if (!found) return [`${method} ${path}: no operation in the document`];
    const operation = document.paths[found.template]![method.toLowerCase()];
    if (!operation) return [`${method} ${found.template}: not in the document`];
    const status = String(res.statusCode);
    const declared = operation.responses?.[status];
    if (!declared) return [`${method} ${found.template} → ${status}: status not declared`];
    checked.add(`${method} ${found.template} ${status}`);
    const schema = declared.content?.["application/json"]?.schema;
    if (!schema)
      return res.body === "" ? [] : [`${method} ${found.template} → ${status}: body not declared`];
    // References into the document's components resolve against the document itself.
    const validate = ajv.compile(
      JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'),
      ) as Schema,
    );
    if (validate(res.json())) return [];
    return [`${method} ${found.template} → ${status}: ${ajv.errorsText(validate.errors)}`];
  }
  return { check, checked };
}
