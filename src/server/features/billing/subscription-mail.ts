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
