// The MCP server through the official SDK's client, over streamable HTTP (/mcp) and over stdio
// (`npm run mcp` calling /api/v1): the tools, a search, a logged call, and hostile calls that
// are refused and change nothing.
import path from "node:path";
import { eq } from "drizzle-orm";
import { extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, interactions } from "../../db/schema/index";
import { injectWithToken, makeToken } from "../../../../tests/helpers/api-token-kit";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";

const TOOLS = [
  "add_note",
  "create_contact",
  "get_contact",
  "log_interaction",
  "search_contacts",
  "snooze_contact",
  "update_contact",
  "who_is_due",
];

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

/** A tool call's answer; a refusal either way the SDK reports it (an error result or a throw). */
async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  try {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return { isError: result.isError === true, text: textOf(result) };
  } catch (error) {
    return { isError: true, text: String(error) };
  }
}

describe("MCP", () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  let writeToken: string;
  let readToken: string;
  let graceId: string;
  let strangersId: string;

  beforeAll(async () => {
    t = await build();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    user = await createUser(t.app);
    writeToken = (await makeToken(t.app, user, { scope: "write" })).token;
    readToken = (await makeToken(t.app, user, { scope: "read" })).token;
    graceId = (
      await addContact(t.app, user, {
        firstName: "Grace",
        lastName: "Hopper",
        rhythm: { interval: 1, unit: "week" },
        lastContactedOn: "2026-01-01",
      })
    ).id;
    const stranger = await createUser(t.app);
    strangersId = (await addContact(t.app, stranger, { firstName: "Private", notes: "Secret" })).id;
  });
  afterAll(async () => t.close());

  async function connectHttp(token: string): Promise<Client> {
    const client = new Client({ name: "tend-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  async function grace() {
    const res = await injectWithToken(t.app, writeToken, { url: `/api/v1/contacts/${graceId}` });
    return res.json<{ lastContactedAt: string | null; notes: string | null; firstName: string }>();
  }

  it("over streamable HTTP: lists the tools, searches, and logs a call", async () => {
    const client = await connectHttp(writeToken);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      for (const tool of tools) expect(tool.description?.length ?? 0).toBeGreaterThan(60);

      const found = await callTool(client, "search_contacts", { query: "grace" });
      expect(found.isError).toBe(false);
      expect(JSON.parse(found.text).contacts[0]).toMatchObject({
        id: graceId,
        name: "Grace Hopper",
      });

      const due = await callTool(client, "who_is_due", { withinDays: 7 });
      expect(JSON.parse(due.text).contacts.map((c: { id: string }) => c.id)).toContain(graceId);

      const yesterday = new Date(Date.now() - 86_400_000).toISOString();
      const logged = await callTool(client, "log_interaction", {
        contactId: graceId,
        occurredAt: yesterday,
        channel: "phone",
        note: "Called about the conference",
      });
      expect(logged.isError, logged.text).toBe(false);
      expect((await grace()).lastContactedAt).toBe(yesterday);

      const noted = await callTool(client, "add_note", { contactId: graceId, note: "Likes COBOL" });
      expect(noted.isError, noted.text).toBe(false);
      expect((await grace()).notes).toBe("Likes COBOL");
    } finally {
      await client.close();
    }
  });

  it("get_contact answers the contact's relationships and household", async () => {
    const ada = (await addContact(t.app, user, { firstName: "Ada", lastName: "Byron" })).id;
    const linked = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${graceId}/relationships`,
      payload: { relatedContactId: ada, type: "sibling" },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const home = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/households",
      payload: { name: "The Hoppers", contactIds: [graceId, ada] },
    });
    expect(home.statusCode, home.body).toBe(201);
    const client = await connectHttp(readToken);
    try {
      const { tools } = await client.listTools();
      const described = tools.find((tool) => tool.name === "get_contact")!.description!;
      expect(described).toMatch(/relationships/);
      expect(described).toMatch(/household/);
      const got = await callTool(client, "get_contact", { contactId: graceId });
      expect(got.isError, got.text).toBe(false);
      const { contact } = JSON.parse(got.text);
      expect(contact.relationships).toEqual([
        { type: "sibling", contactId: ada, name: "Ada Byron", isArchived: false },
      ]);
      expect(contact.household).toMatchObject({ id: home.json().id, name: "The Hoppers" });
      expect(contact.household.members).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it("refuses hostile calls and changes nothing", async () => {
    const client = await connectHttp(writeToken);
    const before = await grace();
    try {
      const attempts = [
        await callTool(client, "get_contact", { contactId: strangersId }),
        await callTool(client, "log_interaction", { contactId: strangersId, note: "x" }),
        await callTool(client, "add_note", { contactId: strangersId, note: "mine now" }),
        await callTool(client, "update_contact", {
          contactId: strangersId,
          changes: { firstName: "Mine" },
        }),
        await callTool(client, "snooze_contact", { contactId: strangersId, snooze: { days: 3 } }),
        await callTool(client, "add_note", { contactId: graceId, note: "x".repeat(1024 * 1024) }),
        await callTool(client, "log_interaction", {
          contactId: graceId,
          note: "x".repeat(1024 * 1024),
        }),
        await callTool(client, "create_contact", { firstName: "<script>alert(1)</script>" }),
        await callTool(client, "update_contact", {
          contactId: graceId,
          changes: { lastName: "<img src=x onerror=alert(1)>" },
        }),
      ];
      for (const attempt of attempts) {
        expect(attempt.isError, attempt.text.slice(0, 200)).toBe(true);
        expect(attempt.text).not.toContain("Secret");
      }
      expect(attempts[0]!.text).toMatch(/not found/);
    } finally {
      await client.close();
    }
    expect(await grace()).toEqual(before);
    const list = await injectWithToken(t.app, writeToken, { url: "/api/v1/contacts?q=script" });
    expect(list.json().items).toEqual([]);
    const [theirs] = await t.app.db.select().from(contacts).where(eq(contacts.id, strangersId));
    expect(theirs).toMatchObject({ firstName: "Private", notes: "Secret", lastContactedAt: null });
    const theirHistory = await t.app.db
      .select()
      .from(interactions)
      .where(eq(interactions.contactId, strangersId));
    expect(theirHistory).toEqual([]);
  });

  it("lets a read token read and not write", async () => {
    const client = await connectHttp(readToken);
    try {
      expect((await callTool(client, "search_contacts", { query: "grace" })).isError).toBe(false);
      const write = await callTool(client, "add_note", { contactId: graceId, note: "read only" });
      expect(write.isError).toBe(true);
      expect(write.text).toMatch(/can only read/);
    } finally {
      await client.close();
    }
  });

  it("refuses a request without a valid token with a Bearer challenge and where to make one", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    // RFC 6750 §3: no error code when no token was sent; invalid_token when the one sent is not.
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="Tend"');
    expect((await none.json()).error.message).toMatch(/Settings → API tokens/);
    const bad = await post({ authorization: "Bearer tend_pat_not-a-real-token" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toBe('Bearer realm="Tend", error="invalid_token"');
    expect(extractWWWAuthenticateParams(bad).error).toBe("invalid_token");
    expect((await bad.json()).error.message).toMatch(
      /expired or been revoked.*Settings → API tokens/,
    );

    // The SDK's client reports the refusal with that message, for the person to act on.
    const refused = await connectHttp("tend_pat_revoked").then(
      async (client) => {
        await client.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
    expect(String(refused)).toMatch(/Settings → API tokens/);
  });

  it("over stdio (npm run mcp): lists the tools, searches, and logs a call", async () => {
    const client = new Client({ name: "tend-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", path.resolve("src/server/mcp-cli.ts")],
        env: { ...process.env, TEND_URL: base, TEND_TOKEN: writeToken },
        stderr: "pipe",
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      const found = await callTool(client, "search_contacts", { query: "hopper" });
      expect(JSON.parse(found.text).contacts[0].id).toBe(graceId);
      const logged = await callTool(client, "log_interaction", {
        contactId: graceId,
        channel: "email",
      });
      expect(logged.isError, logged.text).toBe(false);
      const history = await injectWithToken(t.app, writeToken, {
        url: `/api/v1/contacts/${graceId}/interactions`,
      });
      expect(history.json().items[0].channel).toBe("email");
      const hostile = await callTool(client, "get_contact", { contactId: strangersId });
      expect(hostile.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);
});
