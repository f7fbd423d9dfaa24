// `npm run mcp`: Tend's MCP tools over stdio for a desktop assistant, calling a Tend server's
// /api/v1 with a personal access token. TEND_URL is the server's address, TEND_TOKEN the token.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createTendMcpServer, type ApiCall } from "./features/mcp/mcp.public";

function readConfig(): { url: URL; token: string } {
  const { TEND_URL, TEND_TOKEN } = process.env;
  const problems: string[] = [];
  let url: URL | null = null;
  try {
    url = new URL(TEND_URL ?? "");
  } catch {
    problems.push("Set TEND_URL to your Tend server's address, such as https://tend.example.com.");
  }
  if (!TEND_TOKEN?.startsWith("tend_pat_")) {
    problems.push("Set TEND_TOKEN to a personal access token from Settings → API tokens.");
  }
  if (!url || problems.length > 0) {
    // stdout carries the protocol; what went wrong goes to stderr.
    process.stderr.write(`${problems.join("\n")}\n`);
    process.exit(1);
  }
  return { url, token: TEND_TOKEN! };
}

const { url, token } = readConfig();

const call: ApiCall = async ({ method, path, body, headers }) => {
  const response = await fetch(new URL(`/api/v1${path}`, url), {
    method,
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: { etag: response.headers.get("etag") ?? undefined },
    body: text ? (JSON.parse(text) as unknown) : null,
  };
};

const server = createTendMcpServer({ call, productName: "Tend" });
await server.connect(new StdioServerTransport());
