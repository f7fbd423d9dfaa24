import { useQuery } from "@tanstack/react-query";
import { DEFAULT_TRIAL_DAYS } from "../../../core/constants";
import {
  DEFAULT_PRODUCT_NAME,
  PRODUCT_NAME_MARKER,
  readServedProductName,
} from "../../../core/product-name";
import {
  readServedTrialDays,
  trialWording,
  TRIAL_WORDING_MARKERS,
  type TrialWording,
} from "../../../core/trial-offer";
import type { PublicConfig } from "../../../core/public-config";
import { apiFetch } from "../api-client";

export function getConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>("/api/config");
}

export function useConfig() {
  return useQuery({ queryKey: ["config"], queryFn: getConfig, staleTime: Infinity });
}

// The product name and trial length a page shows before /api/config has answered.
// APP_NAME and TRIAL_DAYS are runtime config: the build leaves markers in every page's head
// (and, in a prerendered page, wherever the name or the trial's wording goes), and the server
// fills them in. So the first render, and the hydration of a prerendered page, already say
// what the server is configured to say, not the defaults that used to show until the answer.
let rendersMarkers = false;
/** On the server: what it would fill into the page's head. */
let servedOnServer: Record<string, string> = {};

/** For the build's prerender (scripts/prerender.mjs): render the markers the server fills in. */
export function renderServedConfigAsMarkers(): void {
  rendersMarkers = true;
}

/**
 * For a page the server renders for its user: the product name and trial length
 * it is configured with, as the page's head tells the browser, so both render the same words.
 */
export function renderServedConfig(served: { productName: string; trialDays: number }): void {
  servedOnServer = {
    "application-name": served.productName,
    "trial-days": String(served.trialDays),
  };
}

function readMeta(name: string): string | null | undefined {
  if (typeof document === "undefined") return servedOnServer[name] ?? null;
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content");
}

/** The name the server filled into this page's head, or the default. */
export function servedProductName(): string {
  return readServedProductName(readMeta("application-name")) ?? DEFAULT_PRODUCT_NAME;
}

/** The product's name: the server's answer, else what it filled into the page. */
export function useProductName(): string {
  const appName = useConfig().data?.appName;
  if (appName !== undefined) return appName;
  return rendersMarkers ? PRODUCT_NAME_MARKER : servedProductName();
}

/** The trial's length as the server's answer, else the page, says it. */
export function useTrialDays(): number {
  const trialDays = useConfig().data?.trialDays;
  return trialDays ?? readServedTrialDays(readMeta("trial-days")) ?? DEFAULT_TRIAL_DAYS;
}

/** The trial offer's wording, from the same sources as `useTrialDays`. */
export function useTrialWording(): TrialWording {
  const trialDays = useTrialDays();
  const isAnswered = useConfig().data !== undefined;
  return rendersMarkers && !isAnswered ? TRIAL_WORDING_MARKERS : trialWording(trialDays);
}
