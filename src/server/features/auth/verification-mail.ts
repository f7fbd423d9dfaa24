// The verification mail: an HTML and a plain-text part, the product name, and a link to our
// /verify-email page carrying the token, type and email (and a paid checkout's session id).
import { escapeHtml } from "../../lib/html";

export function buildVerifyLink(input: {
  appUrl: string;
  token: string;
  email: string;
  authUrl: string;
}): string {
  const link = new URL("/verify-email", input.appUrl);
  link.searchParams.set("token", input.token);
  link.searchParams.set("type", "signup");
  link.searchParams.set("email", input.email);
  const sessionId = readCheckoutSessionId(input.authUrl);
  if (sessionId) link.searchParams.set("session_id", sessionId);
  return link.toString();
}

// Sign-up passes /verify-email?session_id=… as its callback; Better Auth puts that callback in
// the URL it hands us.
function readCheckoutSessionId(authUrl: string): string | undefined {
  try {
    const callback = new URL(authUrl).searchParams.get("callbackURL");
    if (!callback) return undefined;
    const id = new URL(callback, "http://x").searchParams.get("session_id");
    return id && /^[\w-]{1,200}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

export function buildVerificationMail(input: { appName: string; link: string }) {
  const name = escapeHtml(input.appName);
  const href = escapeHtml(input.link);
  const subject = `Confirm your email for ${input.appName}`;
  const text = [
    `Welcome to ${input.appName}!`,
    "",
    "Please confirm your email address to finish creating your account:",
    input.link,
    "",
    "The link works for 24 hours. If you did not sign up, you can ignore this email.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Welcome to ${name}!</h1>
<p>Please confirm your email address to finish creating your account.</p>
<p style="margin:24px 0"><a href="${href}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Confirm my email</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all;overflow-wrap:anywhere">Or open this link: <a href="${href}">${href}</a></p>
<p style="font-size:13px;color:#6b7280">The link works for 24 hours. If you did not sign up for ${name}, you can ignore this email.</p>
</div></body></html>`;
  return { subject, text, html };
}
