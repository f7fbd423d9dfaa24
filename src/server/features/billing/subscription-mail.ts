// The billing mails: the subscription started (what it costs, the period, the next charge), it
// was cancelled (when access ends), and the way back to account creation after a payment.
import { subMonths } from "date-fns";
import { PLAN_NAME, PLAN_PRICE_USD } from "../../../core/constants";
import { escapeHtml } from "../../lib/html";
import { dateTimeFormat } from "../../../core/date-format";

/** "January 2, 2027", on the user's calendar. */
export function formatMailDate(date: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(date);
}

function mailHtml(input: { heading: string; paragraphs: string[]; link: string; label: string }) {
  const paragraphs = input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  return `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(input.label)}</a></p>
</div></body></html>`;
}

const PRICE = `$${PLAN_PRICE_USD} USD`;

export type MailSubscription = { status: string; currentPeriodEnd: Date | null };

function describeStartedPlan(sub: MailSubscription, timeZone: string): string[] {
  const end = sub.currentPeriodEnd;
  if (!end) return [`Your ${PLAN_NAME} (${PRICE}/month) is active.`];
  const date = formatMailDate(end, timeZone);
  if (sub.status === "trialing") {
    return [
      `Your ${PLAN_NAME} (${PRICE}/month) starts when your free trial ends on ${date}: you keep every day of the trial.`,
      `First charge: ${PRICE} on ${date}, then ${PRICE} each month.`,
    ];
  }
  // The plan is monthly: the period paid for is the month before its end.
  const start = formatMailDate(subMonths(end, 1), timeZone);
  return [
    `Your ${PLAN_NAME} is active: ${PRICE} a month.`,
    `This period: ${start} to ${date}, ${PRICE} paid.`,
    `Next charge: ${PRICE} on ${date}.`,
  ];
}

export function buildSubscriptionStartedMail(input: {
  appName: string;
  appUrl: string;
  subscription: MailSubscription;
  timeZone: string;
}) {
  const link = `${input.appUrl}/app/contacts`;
  const subject = `Your ${input.appName} subscription is active`;
  const heading = `Thank you for subscribing to ${input.appName}!`;
  const paragraphs = [
    ...describeStartedPlan(input.subscription, input.timeZone),
    "You can cancel anytime from Settings.",
  ];
  const text = [heading, "", ...paragraphs, "", `Open ${input.appName}: ${link}`].join("\n");
  return {
    subject,
    text,
    html: mailHtml({ heading, paragraphs, link, label: `Open ${input.appName}` }),
  };
}

export function buildSubscriptionCancelledMail(input: {
  appName: string;
  appUrl: string;
  accessEndsAt: Date;
  /** Cancelled while waiting for the trial to end: it never starts. */
  isBeforeStart: boolean;
  timeZone: string;
}) {
  const link = `${input.appUrl}/app/settings`;
  const date = formatMailDate(input.accessEndsAt, input.timeZone);
  const subject = `Your ${input.appName} subscription is cancelled`;
  const heading = "Your subscription is cancelled";
  const paragraphs = input.isBeforeStart
    ? [
        `Your ${PLAN_NAME} will not start, and nothing will be charged.`,
        `Your free trial still gives you full access until ${date}.`,
        "Changed your mind? You can resume the plan from Settings before then.",
      ]
    : [
        `Your ${PLAN_NAME} (${PRICE}/month) is cancelled: nothing more will be charged.`,
        `You keep full access until ${date}.`,
        "Changed your mind? You can resume it from Settings before then.",
      ];
  const text = [heading, "", ...paragraphs, "", `Settings: ${link}`].join("\n");
  return { subject, text, html: mailHtml({ heading, paragraphs, link, label: "Open Settings" }) };
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
