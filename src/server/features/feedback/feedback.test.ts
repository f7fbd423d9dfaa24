// POST /api/feedback through the real database and storage: the row, the re-encoded image, the
// mail to SUPPORT_EMAIL, and every refusal with the spec's words.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GIF_JS_POLYGLOT,
  makeJpeg,
  makeNoisePng,
  makePng,
  SVG,
  TEXT_AS_PNG,
} from "../../../../tests/helpers/images-kit";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { feedback, outbox } from "../../db/schema/index";
import { parseFileUrl } from "../../lib/storage/storage";

type Part = { name: string; value: string } | { name: string; file: Uint8Array; fileName: string };

async function form(parts: Part[]) {
  const data = new FormData();
  for (const part of parts) {
    if ("file" in part)
      data.append(part.name, new Blob([new Uint8Array(part.file)]), part.fileName);
    else data.append(part.name, part.value);
  }
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type")! },
  };
}

const TEXT = [
  { name: "feedbackType", value: "feedback" },
  { name: "subject", value: "Love the rhythms" },
  { name: "message", value: "The weekly view <b>helps</b>." },
];

describe("POST /api/feedback", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SUPPORT_EMAIL: "help@tend.test" });
  });
  afterAll(async () => t.close());

  const post = async (user: Awaited<ReturnType<typeof createUser>>, parts: Part[]) =>
    injectAs(t.app, user, { method: "POST", url: "/api/feedback", ...(await form(parts)) });

  it("answers 400, not 500, to a NUL in the subject or the message", async () => {
    const user = await createUser(t.app);
    for (const name of ["subject", "message"]) {
      const parts = TEXT.map((p) => (p.name === name ? { name, value: "a\u0000b" } : p));
      const res = await post(user, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain("must not contain NUL characters");
    }
  });

  it("stores the feedback and mails support, with no image", async () => {
    const user = await createUser(t.app);
    const res = await post(user, TEXT);
    expect(res.statusCode).toBe(201);
    const { id, imageUrl } = res.json<{ id: string; imageUrl: string | null }>();
    expect(imageUrl).toBeNull();
    const [row] = await t.app.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      userId: user.id,
      feedbackType: "feedback",
      subject: "Love the rhythms",
      message: "The weekly view <b>helps</b>.",
      imageUrl: null,
      diagnostics: null,
    });
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "feedback"), eq(outbox.userId, user.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "help@tend.test", channel: "email" });
    expect(mails[0]!.subject).toBe("[Tend General Feedback] Love the rhythms");
    expect(mails[0]!.html).toContain("&lt;b&gt;helps&lt;/b&gt;");
    expect(mails[0]!.html).not.toContain("<b>helps</b>");
    expect(mails[0]!.text).toContain(user.email);
  });

  it("re-encodes the image into feedback_attachments under the user's id and the file's name", async () => {
    const user = await createUser(t.app);
    const res = await post(user, [
      ...TEXT,
      { name: "image", file: await makeJpeg(), fileName: "my screen shot!.jpg" },
    ]);
    expect(res.statusCode).toBe(201);
    const { id, imageUrl } = res.json<{ id: string; imageUrl: string }>();
    const location = parseFileUrl(imageUrl)!;
    expect(location.bucket).toBe("feedback_attachments");
    expect(location.key).toMatch(new RegExp(`^${user.id}/\\d+-my-screen-shot\\.webp$`));
    const stored = await t.app.storage.get("feedback_attachments", location.key);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(stored!.bytes.includes(Buffer.from("SecretCam"))).toBe(false);
    const [row] = await t.app.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row!.imageUrl).toBe(imageUrl);
    // The owner can open it; nobody else can.
    expect((await injectAs(t.app, user, { url: imageUrl })).statusCode).toBe(200);
    const other = await createUser(t.app);
    expect((await injectAs(t.app, other, { url: imageUrl })).statusCode).toBe(404);
  });

  it("keeps a bug report's consented diagnostics, and none for other types", async () => {
    const user = await createUser(t.app);
    const diagnostics = {
      browser: "Mozilla/5.0 Test",
      appVersion: "0.1.0",
      errorLog: [
        { timestamp: "2026-01-01T00:00:00.000Z", level: "error", message: "boom", url: "/app" },
      ],
    };
    const bug = await post(user, [
      { name: "feedbackType", value: "bug" },
      { name: "subject", value: "Crash" },
      { name: "message", value: "It broke" },
      { name: "diagnostics", value: JSON.stringify(diagnostics) },
    ]);
    expect(bug.statusCode).toBe(201);
    const [bugRow] = await t.app.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, bug.json<{ id: string }>().id));
    expect(bugRow!.diagnostics).toEqual(diagnostics);

    const idea = await post(user, [
      { name: "feedbackType", value: "feature" },
      { name: "subject", value: "Idea" },
      { name: "message", value: "More" },
      { name: "diagnostics", value: JSON.stringify(diagnostics) },
    ]);
    const [ideaRow] = await t.app.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, idea.json<{ id: string }>().id));
    expect(ideaRow!.diagnostics).toBeNull();

    const bad = await post(user, [
      { name: "feedbackType", value: "bug" },
      { name: "subject", value: "Crash" },
      { name: "message", value: "It broke" },
      { name: "diagnostics", value: "{not json" },
    ]);
    expect(bad.statusCode).toBe(400);
  });

  it("refuses blank fields, no session, non-images and images over 5 MB with the spec's words, storing nothing", async () => {
    const user = await createUser(t.app);
    const blank = await post(user, [
      { name: "feedbackType", value: "bug" },
      { name: "subject", value: "   " },
      { name: "message", value: "x" },
    ]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("Please fill in all required fields");
    const missing = await post(user, [{ name: "feedbackType", value: "bug" }]);
    expect(missing.json().error.message).toBe("Please fill in all required fields");

    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/feedback",
      ...(await form(TEXT)),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe("You must be logged in to submit feedback");

    for (const file of [TEXT_AS_PNG, SVG, GIF_JS_POLYGLOT]) {
      const res = await post(user, [...TEXT, { name: "image", file, fileName: "shot.png" }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe("Please upload an image file");
    }
    const huge = await post(user, [
      ...TEXT,
      { name: "image", file: await makeNoisePng(6), fileName: "big.png" },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe("Please upload an image smaller than 5MB");

    expect(await t.app.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
    expect(await t.app.storage.list("feedback_attachments", `${user.id}/`)).toEqual([]);
  });

  it("takes a GIF and a PNG just under the limit", async () => {
    const user = await createUser(t.app);
    const gif = await sharp(await makePng(20, 20))
      .gif()
      .toBuffer();
    const res = await post(user, [...TEXT, { name: "image", file: gif, fileName: "a.gif" }]);
    expect(res.statusCode).toBe(201);
  });
});
