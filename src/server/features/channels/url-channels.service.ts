// Connecting the channels a user points at a URL of their own: an ntfy topic and a webhook. The
// URL is checked as safeFetch will call it (public addresses only unless the operator allows
// private ones), so a refused address is told when saved, not at the first digest.
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import { checkPublicUrl } from "../../lib/safe-fetch";
import { getChannelRow, saveChannel, type ChannelRow } from "./channels.service";
import { parseNtfyTopicUrl } from "./ntfy";
import { createWebhookSecret } from "./webhook";

function badUrl(message: string): AppError {
  return new AppError("BAD_REQUEST", message, { url: message });
}

function parseUserUrl(raw: string, env: Env, example: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUrl(`This is not a web address. It should look like ${example}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw badUrl(`Only https:// addresses can be used, like ${example}.`);
  }
  // Plain http is for a server on the operator's own network, which they opened on purpose.
  if (url.protocol === "http:" && !env.ALLOW_PRIVATE_WEBHOOKS) {
    throw badUrl("Use an https:// address: Tend sends nothing over plain http.");
  }
  return url;
}

async function refuseUnreachable(url: URL, env: Env): Promise<void> {
  const refused = await checkPublicUrl(url.href, { allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS });
  if (refused) throw badUrl(refused);
}

export type Connect = { db: Db; env: Env; userId: string; now: Date };

/**
 * `token` undefined keeps the saved access token while the server stays the same (Settings never
 * shows it back, so it cannot resend it); null or "" removes it.
 */
export async function connectNtfy(
  ctx: Connect,
  input: { url: string; token?: string | null },
): Promise<ChannelRow> {
  const url = parseUserUrl(input.url, ctx.env, "https://ntfy.sh/your-topic");
  const target = parseNtfyTopicUrl(url.href);
  if (!target) {
    throw badUrl(
      "Give the whole topic URL, like https://ntfy.sh/your-topic: a topic is up to 64 letters, digits, - or _, with nothing after it.",
    );
  }
  await refuseUnreachable(url, ctx.env);
  let token = input.token?.trim() || null;
  if (input.token === undefined) {
    const saved = await getChannelRow(ctx.db, ctx.userId, "ntfy");
    const savedOrigin = saved?.address ? new URL(saved.address).origin : null;
    token = savedOrigin === url.origin ? (saved?.secret ?? null) : null;
  }
  return saveChannel(ctx.db, {
    userId: ctx.userId,
    kind: "ntfy",
    address: target.topicUrl,
    label: target.topicUrl,
    secret: token,
    now: ctx.now,
  });
}

/** A webhook receiver's URL as it will be called, or a BAD_REQUEST saying why it cannot be. */
export async function checkWebhookUrl(raw: string, env: Env): Promise<URL> {
  const url = parseUserUrl(raw, env, "https://example.com/tend-webhook");
  await refuseUnreachable(url, env);
  url.hash = "";
  return url;
}

/** The signing secret is made on the first connect and kept when the URL changes. */
export async function connectWebhook(ctx: Connect, input: { url: string }): Promise<ChannelRow> {
  const url = await checkWebhookUrl(input.url, ctx.env);
  const saved = await getChannelRow(ctx.db, ctx.userId, "webhook");
  return saveChannel(ctx.db, {
    userId: ctx.userId,
    kind: "webhook",
    address: url.href,
    label: `${url.host}${url.pathname === "/" ? "" : url.pathname}`,
    secret: saved?.secret ?? createWebhookSecret(),
    now: ctx.now,
  });
}
