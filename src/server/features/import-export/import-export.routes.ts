// The Data tab's API: /api/imports… (preview, commit, list, undo) and /api/exports… (CSV,
// vCard, JSON). Every route needs a paid user and touches only that user's rows.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import { CSV_LAYOUTS } from "../../../core/import/csv-layouts";
import { AccountExportSchema } from "../../../core/import/account-export";
import {
  ImportListSchema,
  ImportPreviewSchema,
  ImportResultSchema,
  ImportUploadSchema,
  UndoResultSchema,
} from "../../../core/import/import-api";
import { IMPORT_MAX_BYTES } from "../../../core/import/read-file";
import { toLocalDate } from "../../../core/rhythm";
import { contactContext } from "../contacts/contacts.public";
import { exportFileName } from "./export.service";
import { listImports, undoImport } from "./import-history";
import { buildLeftOver, commitImport, previewImport } from "./import.service";
import { readUpload } from "./upload";

const errors = {
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  422: ApiErrorSchema,
};

// JSON uploads carry the file as a string; escaping can make it larger than the file itself.
const JSON_UPLOAD_LIMIT = IMPORT_MAX_BYTES * 2;

// The import routes' JSON body reaches the handler as bytes (the content-type parser below) and is
// parsed and checked against its schema in a worker thread (upload-body.ts); the schema stays on
// the route for the API document.
const bodyCheckedInWorker: FastifySchemaCompiler<unknown> = () => (value: unknown) => ({ value });

function attachment(reply: FastifyReply, type: string, fileName: string) {
  reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="${fileName}"`);
}

export async function importExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  // Reading and planning imports and writing exports run in worker threads, so one large or
  // hostile file keeps a worker busy, not the event loop that answers everyone.
  const { exporter } = fastify;
  const { pool, contactsFile } = exporter;
  const deps = { db, pool, storage: fastify.storage };
  const preHandler = app.requirePaidUser;
  const tags = ["import-export"];
  // Encapsulated here: only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 256 * 1024, parts: 6 },
  });
  // A JSON upload carries a whole file: kept as bytes, parsed in a worker (readUpload). The two
  // upload routes raise their own body limit; every other route here keeps the default.
  // The routes that take an upload: a file's worth of body, checked in a worker.
  const uploadRoute = <R extends Record<number, z.ZodType>>(response: R) => ({
    preHandler,
    bodyLimit: JSON_UPLOAD_LIMIT,
    validatorCompiler: bodyCheckedInWorker,
    schema: { tags, body: ImportUploadSchema.nullish(), response },
  });
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/api/imports/preview",
    uploadRoute({ 200: ImportPreviewSchema, ...errors }),
    async (request) => {
      const ctx = await contactContext(app, request);
      return previewImport(deps, ctx, await readUpload(request));
    },
  );

  app.post(
    "/api/imports",
    uploadRoute({ 201: ImportResultSchema, ...errors }),
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const result = await commitImport(deps, ctx, await readUpload(request));
      return reply.status(201).send(result);
    },
  );

  // The rows a preview leaves for later (past the contact limit), as a file; nothing is written.
  app.post(
    "/api/imports/left-over",
    uploadRoute({ 200: z.string(), ...errors }),
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const file = await buildLeftOver(deps, ctx, await readUpload(request));
      attachment(reply, file.contentType, file.fileName);
      return reply.send(Buffer.from(file.content) as never);
    },
  );

  app.get(
    "/api/imports",
    { preHandler, schema: { tags, response: { 200: ImportListSchema } } },
    async (request) => ({ items: await listImports(db, request.user.id) }),
  );

  app.post(
    "/api/imports/:id/undo",
    {
      preHandler,
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        response: { 200: UndoResultSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return undoImport(deps, { ...ctx, importId: request.params.id });
    },
  );

  app.get(
    "/api/exports/contacts.csv",
    {
      preHandler,
      schema: {
        tags,
        // Tend's own columns, or the layout Google Contacts or Outlook imports.
        querystring: z.object({ layout: z.enum(CSV_LAYOUTS).default("tend") }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const day = toLocalDate(ctx.now, ctx.timeZone);
      const { layout } = request.query;
      const name = layout === "tend" ? "contacts" : `contacts-${layout}`;
      attachment(
        reply,
        "text/csv; charset=utf-8",
        exportFileName(app.env.APP_NAME, name, "csv", day),
      );
      return contactsFile("contactsCsvTask", ctx, { layout });
    },
  );

  app.get(
    "/api/exports/contacts.vcf",
    { preHandler, schema: { tags, response: { 200: z.string() } } },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const day = toLocalDate(ctx.now, ctx.timeZone);
      attachment(
        reply,
        "text/vcard; charset=utf-8",
        exportFileName(app.env.APP_NAME, "contacts", "vcf", day),
      );
      return contactsFile("vcardsTask", ctx);
    },
  );

  app.get(
    "/api/exports/account.json",
    { preHandler, schema: { tags, response: { 200: AccountExportSchema } } },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const day = toLocalDate(ctx.now, ctx.timeZone);
      attachment(
        reply,
        "application/json; charset=utf-8",
        exportFileName(app.env.APP_NAME, "account", "json", day),
      );
      // Checked and serialised in a worker thread; its bytes go out as they are (the schema
      // above documents the shape).
      return reply.send((await exporter.accountJson(ctx)) as never);
    },
  );
}
