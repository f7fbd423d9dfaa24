// The mail a user gets once, when their paid subscription starts.
import { PLAN_NAME, PLAN_PRICE_USD } from "../../../core/constants";
import { escapeHtml } from "../../lib/html";

export function buildSubscriptionStartedMail(input: { appName: string; appUrl: string }) {
  const link = `${input.appUrl}/app/contacts`;
  const subject = `Your ${input.appName} subscription is active`;
  const plan = `${PLAN_NAME} ($${PLAN_PRICE_USD} USD/month)`;
  const text = [
    `Thank you for subscribing to ${input.appName}!`,
    "",
    `Your ${plan} is active. You can cancel anytime from Settings.`,
    "",
    `Open ${input.appName}: ${link}`,
  ].join("\n");
  const name = escapeHtml(input.appName);
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Thank you for subscribing to ${name}!</h1>
<p>Your ${escapeHtml(plan)} is active. You can cancel anytime from Settings.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Open ${name}</a></p>
</div></body></html>`;
  return { subject, text, html };
}

/** Sent right after a payment that has no account yet: a way back to account creation. */
export function buildFinishAccountMail(input: {
  appName: string;
  appUrl: string;
  sessionId: string;
  days: number;
}) {
  const link = new URL("/account-creation", input.appUrl);
  link.searchParams.set("session_id", input.sessionId);
  const url = link.toString();
  const subject = `Finish creating your ${input.appName} account`;
  const text = [
    `Thank you for subscribing to ${input.appName}!`,
    "",
    "Your payment went through. If you closed the page before creating your account, continue here:",
    url,
    "",
    `The link works until your account is created, for ${input.days} days. After that, sign up with this email address and your subscription is linked to the new account.`,
  ].join("\n");
  const name = escapeHtml(input.appName);
  const href = escapeHtml(url);
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Thank you for subscribing to ${name}!</h1>
<p>Your payment went through. If you closed the page before creating your account, continue here.</p>
<p style="margin:24px 0"><a href="${href}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Create my account</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all;overflow-wrap:anywhere">Or open this link: <a href="${href}">${href}</a></p>
<p style="font-size:13px;color:#6b7280">The link works until your account is created, for ${input.days} days. After that, sign up with this email address and your subscription is linked to the new account.</p>
</div></body></html>`;
  return { subject, text, html };
}
