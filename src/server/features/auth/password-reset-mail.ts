// The two mails of a forgotten password: the single-use reset link (1 hour), and the notice
// sent once the password was changed and every session signed out.
import { escapeHtml } from "../../lib/html";

export const RESET_PASSWORD_EXPIRES_SECONDS = 60 * 60;

/** Reset mails one address receives in an hour, at most: nobody can flood a stranger's inbox. */
export const RESET_MAILS_PER_HOUR = 3;

export function buildResetLink(input: { appUrl: string; token: string }): string {
  const link = new URL("/reset-password", input.appUrl);
  link.searchParams.set("token", input.token);
  return link.toString();
}

function wrapMail(input: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${input.title}</h1>
${input.body}
</div></body></html>`;
}

export function buildPasswordResetMail(input: { appName: string; link: string }) {
  const name = escapeHtml(input.appName);
  const href = escapeHtml(input.link);
  const subject = `Reset your ${input.appName} password`;
  const text = [
    `Someone asked to reset the password of your ${input.appName} account.`,
    "",
    "Choose a new password here:",
    input.link,
    "",
    "The link works once, for 1 hour. If you did not ask for it, you can ignore this email: your password stays as it is.",
  ].join("\n");
  const html = wrapMail({
    title: "Reset your password",
    body: `<p>Someone asked to reset the password of your ${name} account.</p>
<p style="margin:24px 0"><a href="${href}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Choose a new password</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all;overflow-wrap:anywhere">Or open this link: <a href="${href}">${href}</a></p>
<p style="font-size:13px;color:#6b7280">The link works once, for 1 hour. If you did not ask for it, you can ignore this email: your password stays as it is.</p>`,
  });
  return { subject, text, html };
}

export function buildPasswordChangedMail(input: { appName: string; appUrl: string }) {
  const name = escapeHtml(input.appName);
  const forgot = new URL("/forgot-password", input.appUrl).toString();
  const href = escapeHtml(forgot);
  const subject = `Your ${input.appName} password was changed`;
  const text = [
    `The password of your ${input.appName} account was just changed, and every device was signed out.`,
    "",
    "If this was you, there is nothing more to do.",
    `If it was not, choose a new password right away: ${forgot}`,
  ].join("\n");
  const html = wrapMail({
    title: "Your password was changed",
    body: `<p>The password of your ${name} account was just changed, and every device was signed out.</p>
<p>If this was you, there is nothing more to do.</p>
<p style="word-break:break-all;overflow-wrap:anywhere">If it was not, choose a new password right away: <a href="${href}">${href}</a></p>`,
  });
  return { subject, text, html };
}

/** To an address that already has an account, when someone signs up with it again. */
export function buildAccountExistsMail(input: { appName: string; appUrl: string }) {
  const name = escapeHtml(input.appName);
  const signIn = new URL("/auth", input.appUrl).toString();
  const forgot = new URL("/forgot-password", input.appUrl).toString();
  const subject = `You already have a ${input.appName} account`;
  const text = [
    `Someone, probably you, just tried to create a ${input.appName} account with this address.`,
    "You already have an account: sign in, or reset your password if you have forgotten it.",
    "",
    `Sign in: ${signIn}`,
    `Reset your password: ${forgot}`,
    "",
    "If it was not you, you can ignore this email: nothing has changed.",
  ].join("\n");
  const html = wrapMail({
    title: "You already have an account",
    body: `<p>Someone, probably you, just tried to create a ${name} account with this address.</p>
<p>You already have an account: <a href="${escapeHtml(signIn)}">sign in</a>, or <a href="${escapeHtml(forgot)}">reset your password</a> if you have forgotten it.</p>
<p>If it was not you, you can ignore this email: nothing has changed.</p>`,
  });
  return { subject, text, html };
}
