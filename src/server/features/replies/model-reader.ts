// Which reader reads replies: the built-in one on this machine, or a language model on any
// OpenAI-compatible chat-completions server when AI_API_URL and AI_MODEL are set (decision 242).
// The model only proposes; its answer is validated and held to the same rules as the built-in
// reader's, and any failure falls back to the built-in reader.
import { readReply } from "../../../core/assistant/read-reply";
import { dayOf, userClock } from "../../../core/assistant/reply-dates";
import {
  REPLY_ACTION_KINDS,
  ReaderAnswerSchema,
  type ProposedAction,
  type ReaderInput,
  type ReplyActionDetails,
} from "../../../core/replies";
import {
  sanitizeEmail,
  sanitizeMultilineText,
  sanitizePhone,
  sanitizeText,
} from "../../../core/sanitize";
import type { Env } from "../../env";

export const BUILTIN_READER_LABEL = "On this machine";
export const MODEL_TIMEOUT_MS = 15_000;

export type ReaderResult = { actions: ProposedAction[]; readBy: string };
export type ReplyReader = {
  kind: "builtin" | "model";
  label: string;
  read: (input: ReaderInput) => Promise<ReaderResult>;
};

type Log = { warn: (details: object, message: string) => void };

export function createReplyReader(
  env: Pick<Env, "AI_API_URL" | "AI_API_KEY" | "AI_MODEL">,
  options: { log?: Log; timeoutMs?: number } = {},
): ReplyReader {
  const builtin = async (input: ReaderInput): Promise<ReaderResult> => ({
    actions: readReply(input),
    readBy: "builtin",
  });
  const { AI_API_URL: url, AI_MODEL: model } = env;
  if (!url || !model) return { kind: "builtin", label: BUILTIN_READER_LABEL, read: builtin };
  const log = options.log ?? { warn: () => undefined };
  const server = {
    url,
    model,
    key: env.AI_API_KEY,
    timeoutMs: options.timeoutMs ?? MODEL_TIMEOUT_MS,
  };
  return {
    kind: "model",
    label: `${model} at ${new URL(url).host}`,
    async read(input) {
      try {
        const answer = await askModel(server, input);
        return { actions: holdToRules(answer, input), readBy: model };
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error), model },
          "the language model could not read a reply; the built-in reader read it",
        );
        return builtin(input);
      }
    },
  };
}

type Server = { url: string; model: string; key: string | undefined; timeoutMs: number };

async function askModel(server: Server, input: ReaderInput): Promise<ProposedAction[]> {
  const response = await fetch(`${server.url.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(server.key ? { authorization: `Bearer ${server.key}` } : {}),
    },
    body: JSON.stringify({
      model: server.model,
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: systemPrompt(input) },
        { role: "user", content: input.text },
      ],
    }),
    signal: AbortSignal.timeout(server.timeoutMs),
  });
  if (!response.ok) throw new Error(`the model server answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new Error("the model's answer has no message content");
  // Models often wrap JSON in a Markdown fence despite being asked not to.
  const json = content.replace(/^\s*```(?:json)?\s*/i, "").replace(/\s*```\s*$/, "");
  const parsed = ReaderAnswerSchema.safeParse(JSON.parse(json));
  if (!parsed.success)
    throw new Error(
      `the model's answer does not fit the schema: ${parsed.error.message.slice(0, 300)}`,
    );
  return parsed.data.actions;
}

function systemPrompt(input: ReaderInput): string {
  const today = dayOf(userClock(input.receivedAt, input.timeZone));
  // Only what naming someone needs: ids, names and addresses.
  const contacts = input.contacts.map((c) => ({
    id: c.id,
    name: [c.firstName, c.lastName].filter(Boolean).join(" "),
    ...(c.nickname ? { nickname: c.nickname } : {}),
    emails: c.emails,
  }));
  return [
    "You read a user's reply to a reminder from their personal relationship manager and turn it into proposed actions on their contacts.",
    `Today is ${today} in the user's time zone (${input.timeZone}). Write every date as YYYY-MM-DD on that calendar.`,
    'Answer with one JSON object only, no prose: {"actions": [ProposedAction, ...]} where a ProposedAction is',
    '{"details": Details, "contactId": string|null, "candidateIds": string[], "name": string|null, "sure": boolean, "evidence": string}',
    "and Details is one of:",
    '{"kind":"interaction","date":"YYYY-MM-DD","channel":"email"|"phone"|"text"|"whatsapp"|"telegram"|"in_person"|"other"|null,"note":string|null}',
    '{"kind":"snooze","until":"YYYY-MM-DD"}',
    '{"kind":"birthday","day":1-31,"month":1-12,"year":number|null}',
    '{"kind":"place","name":"a city or place","placeId":null}',
    '{"kind":"phone","value":"+351 912 345 678"}',
    '{"kind":"email","value":"name@example.org"}',
    '{"kind":"note","text":"a fact about the person"}',
    `Kinds: ${REPLY_ACTION_KINDS.join(", ")}. Rules:`,
    "- contactId is set only when the words name exactly one of the contacts below; if a name fits several, contactId is null and candidateIds lists them; a person not among the contacts has contactId null and name set.",
    "- Log an interaction only for what happened (today or before). Nothing for a negation (didn't, couldn't reach, never got to) or a plan (I'll, going to, will, tomorrow).",
    "- One action per person: 'lunch with Ada and Alan' is two interactions. note is a short phrase like \"coffee\".",
    "- The digest replied to had these numbered lines, each with the contact ids it named (a household's line names several): " +
      JSON.stringify(Object.fromEntries(input.digestLines.map((ids, i) => [i + 1, ids]))),
    '- A number ("1 3", "#2") means everyone on that line: one action each; "all", "everyone" and "done" mean everyone on every line.',
    "- sure is true only when nothing is left to guess; a place is never sure.",
    "- evidence is the words the action was read from.",
    `Contacts: ${JSON.stringify(contacts)}`,
  ].join("\n");
}

/**
 * The built-in reader's rules, applied to what a model proposed: only the user's own contacts,
 * clean text, no applied future, a place never applied.
 */
export function holdToRules(actions: ProposedAction[], input: ReaderInput): ProposedAction[] {
  const own = new Set(input.contacts.map((c) => c.id));
  const today = dayOf(userClock(input.receivedAt, input.timeZone));
  const held: ProposedAction[] = [];
  for (const action of actions) {
    const details = cleanDetails(action.details);
    if (!details) continue;
    const name = action.name ? sanitizeText(stripTags(action.name)).slice(0, 200) || null : null;
    const candidates = [...new Set(action.candidateIds.filter((id) => own.has(id)))];
    let contactId = action.contactId && own.has(action.contactId) ? action.contactId : null;
    let sure = action.sure && contactId !== null;
    if (action.contactId && !contactId) {
      // Someone not among the user's contacts: at most a suggestion to add the person named.
      if (!name) continue;
      held.push({
        details,
        contactId: null,
        candidateIds: [],
        name,
        sure: false,
        evidence: evidenceOf(action),
      });
      continue;
    }
    if (!contactId && candidates.length === 1) {
      contactId = candidates[0] ?? null;
      sure = false;
    }
    if (!contactId && candidates.length < 2 && !name) continue;
    if (details.kind === "place") sure = false;
    if (details.kind === "interaction" && details.date > today) sure = false;
    if (details.kind === "snooze" && details.until <= today) sure = false;
    held.push({
      details,
      contactId,
      candidateIds: contactId ? [] : candidates,
      name,
      sure,
      evidence: evidenceOf(action),
    });
  }
  return held;
}

// Text from a model is shown in the app and in mail: markup goes, and a script's body with it.
function stripTags(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[a-zA-Z][^>]*>/g, "");
}

function evidenceOf(action: ProposedAction): string {
  return sanitizeText(stripTags(action.evidence)).slice(0, 500);
}

function cleanDetails(details: ReplyActionDetails): ReplyActionDetails | null {
  switch (details.kind) {
    case "interaction": {
      const note = details.note
        ? sanitizeMultilineText(stripTags(details.note)).slice(0, 2_000)
        : "";
      return { ...details, note: note || null };
    }
    case "note": {
      const text = sanitizeMultilineText(stripTags(details.text)).slice(0, 2_000);
      return text ? { kind: "note", text } : null;
    }
    case "place": {
      const name = sanitizeText(stripTags(details.name)).slice(0, 200);
      return name ? { kind: "place", name, placeId: null } : null;
    }
    case "phone": {
      const value = sanitizePhone(details.value).slice(0, 60);
      return value.replace(/\D/g, "").length >= 5 ? { kind: "phone", value } : null;
    }
    case "email": {
      const value = sanitizeEmail(details.value);
      return value ? { kind: "email", value } : null;
    }
    default:
      return details;
  }
}
