// /mcp: the Model Context Protocol over streamable HTTP, for AI assistants, with a personal
// access token as the bearer. Stateless: each POST gets a server of its own and a JSON answer,
// and its tools call /api/v1 in-process with the same token.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { listAppOrigins } from "../../lib/app-origins";
import { toWebHeaders } from "../../plugins/auth";
import { createTendMcpServer, type ApiCall } from "./mcp-tools";

function callApiInProcess(app: FastifyInstance, request: FastifyRequest): ApiCall {
  return async ({ method, path, body, headers }) => {
    const res = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        ...headers,
        authorization: request.headers.authorization ?? "",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      headers: { etag: res.headers.etag },
      body: res.body ? (JSON.parse(res.body) as unknown) : null,
    };
  };
}

export async function mcpRoutes(app: FastifyInstance) {
  const origins = listAppOrigins(app.env.APP_URL, app.env.NODE_ENV === "production");

  // Stateless: there is no session to stream to (GET) or to end (DELETE).
  app.route({
    method: ["GET", "DELETE"],
    url: "/mcp",
    config: { apiToken: "read" },
    schema: { hide: true },
    handler: (_request, reply) =>
      reply
        .status(405)
        .header("allow", "POST")
        .send({
          error: {
            code: "METHOD_NOT_ALLOWED",
            message: "This MCP server answers POST requests only (stateless streamable HTTP).",
          },
        }),
  });

  app.route({
    method: "POST",
    url: "/mcp",
    config: { apiToken: "read" },
    schema: { hide: true },
    async handler(request, reply) {
      const server = createTendMcpServer({
        call: callApiInProcess(app, request),
        productName: app.env.APP_NAME,
      });
      // A page on another site may not drive an assistant's session (DNS rebinding).
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        enableDnsRebindingProtection: true,
        allowedOrigins: origins,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(
          new Request(new URL(request.url, app.appUrl), {
            method: request.method,
            headers: toWebHeaders(request),
            body: JSON.stringify(request.body),
          }),
          { parsedBody: request.body },
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          reply.header(key, value);
        });
        return reply.send(response.body ? await response.text() : null);
      } finally {
        await server.close();
      }
    },
  });
}
