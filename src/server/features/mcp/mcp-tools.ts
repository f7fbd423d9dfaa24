// Tend's tools for an AI assistant (Model Context Protocol). Each tool is a call to /api/v1 with
// the caller's token, so it goes through the same gate (scope, subscription, rate limit), the
// same zod schemas and the same services as any script: an assistant can do nothing a token
// could not. The HTTP endpoint calls the API in-process; the stdio entry calls it over the net.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Contact } from "../../../core/contacts";
import { ContactCreateSchema, ContactPatchSchema } from "../../../core/contacts";
import { CONTACT_LIMITS } from "../../../core/contact-limits";
import { InteractionInputSchema, SnoozeInputSchema } from "../../../core/interactions";
import { DUE_STATES } from "../../../core/rhythm";

/** One request to /api/v1 (a path under it, a JSON body) and its answer. */
export type ApiCall = (request: {
  method: "GET" | "POST" | "PATCH";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}) => Promise<{ status: number; headers: Record<string, string | undefined>; body: unknown }>;

const ContactIdSchema = z
  .string()
  .max(100)
  .describe("The contact's id, as search_contacts or who_is_due give it.");

// Names an assistant writes are refused when they hold markup: the app shows them as text, but a
// tag in a name is what a prompt injection leaves behind, and nobody is called "<script>".
const MARKUP = /<\/?[a-z!][^>]*>/i;
const NAME_FIELDS = ["firstName", "lastName", "namePrefix", "nameSuffix", "nickname"] as const;
const MARKUP_MESSAGE = "A name cannot hold markup such as <script>. Use the person's name only.";

function refuseMarkupInNames(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const field of NAME_FIELDS) {
    const name = value[field];
    if (typeof name === "string" && MARKUP.test(name)) {
      ctx.addIssue({ code: "custom", path: [field], message: MARKUP_MESSAGE });
    }
  }
}

/** What a model needs to tell people apart and act, without every stored field. */
function summarize(contact: Contact) {
  return {
    id: contact.id,
    name: [contact.firstName, contact.lastName].filter(Boolean).join(" "),
    state: contact.state,
    dueDate: contact.dueDate,
    daysUntilDue: contact.daysUntilDue,
    lastContactedAt: contact.lastContactedAt,
    rhythm: contact.rhythm,
    tags: contact.tags,
    company: contact.company,
    preferredMethod: contact.preferredMethod,
    archived: contact.archivedAt !== null,
  };
}

function text(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 1) }] };
}

/** A refusal the model can act on: the API's own message, and its field messages. */
function refusal(status: number, body: unknown): CallToolResult {
  const error = (body as { error?: { message?: string; fields?: Record<string, string> } }).error;
  const fields = error?.fields
    ? ` ${Object.entries(error.fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join("; ")}`
    : "";
  return {
    isError: true,
    content: [
      { type: "text", text: `${error?.message ?? `The API answered ${status}.`}${fields}` },
    ],
  };
}

export function createTendMcpServer(options: { call: ApiCall; productName: string }) {
  const { call, productName } = options;
  const server = new McpServer({ name: productName.toLowerCase(), version: "1.0.0" });

  async function run(
    request: Parameters<ApiCall>[0],
    shape: (body: unknown) => unknown,
  ): Promise<CallToolResult> {
    const answer = await call(request);
    if (answer.status >= 400) return refusal(answer.status, answer.body);
    return text(shape(answer.body));
  }

  server.registerTool(
    "search_contacts",
    {
      title: "Search contacts",
      description: `Find people in the user's ${productName} address book by name, email, phone, company, notes or tag words. Use it first to get a contact's id from a name the user says ("Grace"). Every word must match. Returns up to \`limit\` contacts (id, name, due state, due date, last contact) and a \`nextCursor\` for more.`,
      inputSchema: {
        query: z.string().max(200).optional().describe("Words to find, such as a first name."),
        tag: z.string().max(50).optional().describe("Only contacts with this tag."),
        state: z.enum(DUE_STATES).optional().describe("Only contacts in this due state."),
        limit: z.number().int().min(1).max(100).optional().describe("At most this many (20)."),
        cursor: z.string().max(200).optional().describe("The nextCursor of a previous search."),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ query, tag, state, limit, cursor }) => {
      const params = new URLSearchParams({ limit: String(limit ?? 20) });
      if (query) params.set("q", query);
      if (tag) params.set("tag", tag);
      if (state) params.set("state", state);
      if (cursor) params.set("cursor", cursor);
      return run({ method: "GET", path: `/contacts?${params}` }, (body) => {
        const page = body as { items: Contact[]; nextCursor: string | null };
        return { contacts: page.items.map(summarize), nextCursor: page.nextCursor };
      });
    },
  );

  server.registerTool(
    "get_contact",
    {
      title: "Get a contact",
      description:
        "Everything stored about one contact (emails, phones, addresses, birthday, notes, rhythm, due date), the people related to them (relationships: each other person's contactId and name, and type: what that person is to this contact, e.g. partner, child, parent, colleague), the household they live in (household: its name and members, or null), and their ten latest history entries.",
      inputSchema: { contactId: ContactIdSchema },
      annotations: { readOnlyHint: true },
    },
    async ({ contactId }) => {
      const id = encodeURIComponent(contactId);
      const contact = await call({ method: "GET", path: `/contacts/${id}` });
      if (contact.status >= 400) return refusal(contact.status, contact.body);
      const history = await call({ method: "GET", path: `/contacts/${id}/interactions` });
      if (history.status >= 400) return refusal(history.status, history.body);
      const items = (history.body as { items: unknown[] }).items;
      return text({ contact: contact.body, recentHistory: items.slice(0, 10) });
    },
  );

  server.registerTool(
    "who_is_due",
    {
      title: "Who is due",
      description:
        "The people the user should get in touch with, most overdue first: by default everyone overdue or due soon. To answer 'who should I catch up with this week?', pass withinDays: 7. Dates are the user's own days (today is in the answer).",
      inputSchema: {
        withinDays: z
          .number()
          .int()
          .min(0)
          .max(365)
          .optional()
          .describe("Also everyone due within this many days from today."),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ withinDays }) =>
      run(
        {
          method: "GET",
          path:
            withinDays === undefined ? "/contacts/due" : `/contacts/due?withinDays=${withinDays}`,
        },
        (body) => {
          const due = body as { today: string; timeZone: string; items: Contact[] };
          return { today: due.today, timeZone: due.timeZone, contacts: due.items.map(summarize) };
        },
      ),
  );

  server.registerTool(
    "log_interaction",
    {
      title: "Log that the user was in touch",
      description:
        "Record that the user called, met, texted or emailed someone ('log that I called Grace yesterday'): find the id with search_contacts first. occurredAt defaults to now; for 'yesterday' pass that day's date and time with the user's offset. This moves the contact's last-contacted date and next due date. Needs a read-and-write token.",
      inputSchema: { contactId: ContactIdSchema, ...InteractionInputSchema.shape },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async ({ contactId, ...interaction }) =>
      run(
        {
          method: "POST",
          path: `/contacts/${encodeURIComponent(contactId)}/interactions`,
          body: interaction,
        },
        (body) => {
          const logged = body as { interaction: unknown; contact: Contact };
          return { interaction: logged.interaction, contact: summarize(logged.contact) };
        },
      ),
  );

  server.registerTool(
    "snooze_contact",
    {
      title: "Snooze a contact",
      description:
        "Put off someone who is due: by a number of days (1 to 365) or until a day (YYYY-MM-DD). The due date only moves later. Needs a read-and-write token.",
      inputSchema: { contactId: ContactIdSchema, snooze: SnoozeInputSchema },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async ({ contactId, snooze }) =>
      run(
        { method: "POST", path: `/contacts/${encodeURIComponent(contactId)}/snooze`, body: snooze },
        (body) => summarize(body as Contact),
      ),
  );

  server.registerTool(
    "add_note",
    {
      title: "Add a note to a contact",
      description:
        "Add a line to a contact's notes (what they said, a gift idea, their children's names), kept after the notes already there. Needs a read-and-write token.",
      inputSchema: {
        contactId: ContactIdSchema,
        note: z.string().trim().min(1).max(CONTACT_LIMITS.notes).describe("The text to add."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async ({ contactId, note }) => {
      const path = `/contacts/${encodeURIComponent(contactId)}`;
      const current = await call({ method: "GET", path });
      if (current.status >= 400) return refusal(current.status, current.body);
      const notes = (current.body as Contact).notes;
      // If-Match: a note added meanwhile by someone else is not overwritten.
      return run(
        {
          method: "PATCH",
          path,
          headers: { "if-match": current.headers.etag ?? "*" },
          body: { notes: notes ? `${notes}\n\n${note}` : note },
        },
        (body) => ({ ...summarize(body as Contact), notes: (body as Contact).notes }),
      );
    },
  );

  server.registerTool(
    "create_contact",
    {
      title: "Add a contact",
      description:
        "Add a person to the address book. A first or last name is required; a rhythm ({ interval, unit: day|week|month|year }) says how often the user wants to be in touch. Search first so nobody is added twice. Needs a read-and-write token.",
      inputSchema: ContactCreateSchema.superRefine(refuseMarkupInNames),
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async (contact) => run({ method: "POST", path: "/contacts", body: contact }, (body) => body),
  );

  server.registerTool(
    "update_contact",
    {
      title: "Change a contact",
      description:
        "Change some fields of a contact; fields left out stay as they are. A list field (emails, phones, tags) is replaced whole, so send the full new list. Needs a read-and-write token.",
      inputSchema: {
        contactId: ContactIdSchema,
        changes: ContactPatchSchema.omit({ expectedUpdatedAt: true }).superRefine(
          refuseMarkupInNames,
        ),
      },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async ({ contactId, changes }) =>
      run(
        { method: "PATCH", path: `/contacts/${encodeURIComponent(contactId)}`, body: changes },
        (body) => body,
      ),
  );

  return server;
}
