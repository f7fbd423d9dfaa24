// The one trial story: the landing page, /subscribe, /auth, the app and the README say
// the same thing, from TRIAL_DAYS. The landing page is prerendered before TRIAL_DAYS is known, so
// it carries markers the server fills in (as it does the product name).
import { PLAN_PRICE_USD } from "./constants";
import { escapeHtml } from "./escape-html";

export const TRIAL_DAYS_MARKER = "%%TRIAL_DAYS%%";

/** "14-day free trial, no card needed." — or, with no trial, that paying is how to start. */
export function describeTrialOffer(trialDays: number): string {
  return trialDays > 0
    ? `${trialDays}-day free trial, no card needed.`
    : `Subscribe to start: $${PLAN_PRICE_USD} USD/month.`;
}

/** What paying adds to the trial. */
export function describeWhatPayingAdds(trialDays: number): string {
  return trialDays > 0
    ? `After the trial, $${PLAN_PRICE_USD} USD/month keeps everything going. Cancel anytime.`
    : "Cancel anytime.";
}

/** The main button of the landing page: the trial first, paying is the second choice. */
export function describeTrialStart(trialDays: number): string {
  return trialDays > 0 ? `Start your ${trialDays}-day free trial` : "Sign up";
}

export type TrialWording = { offer: string; afterTrial: string; start: string };

export function trialWording(trialDays: number): TrialWording {
  return {
    offer: describeTrialOffer(trialDays),
    afterTrial: describeWhatPayingAdds(trialDays),
    start: describeTrialStart(trialDays),
  };
}

/** What the prerender writes: markers the server replaces with `trialWording(TRIAL_DAYS)`. */
export const TRIAL_WORDING_MARKERS: TrialWording = {
  offer: "%%TRIAL_OFFER%%",
  afterTrial: "%%TRIAL_AFTER%%",
  start: "%%TRIAL_START%%",
};

/** The prerendered page with the trial's wording (and its length, for the client) filled in. */
export function fillTrialWording(html: string, trialDays: number): string {
  const wording = trialWording(trialDays);
  return html
    .replaceAll(TRIAL_WORDING_MARKERS.offer, escapeHtml(wording.offer))
    .replaceAll(TRIAL_WORDING_MARKERS.afterTrial, escapeHtml(wording.afterTrial))
    .replaceAll(TRIAL_WORDING_MARKERS.start, escapeHtml(wording.start))
    .replaceAll(TRIAL_DAYS_MARKER, String(trialDays));
}

/** The trial length the server filled into the prerendered page; null when absent. */
export function readServedTrialDays(content: string | null | undefined): number | null {
  if (!content || content.includes(TRIAL_DAYS_MARKER)) return null;
  const days = Number(content);
  return Number.isInteger(days) && days >= 0 ? days : null;
}
