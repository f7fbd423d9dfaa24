// Subscribe buttons call create-checkout and the browser goes to the returned url (spec 01 §4).
import { apiFetch } from "../../../lib/api-client";

export const CHECKOUT_FAILED_MESSAGE = "Failed to redirect to checkout. Please try again.";
export const NO_CHECKOUT_URL_MESSAGE = "No checkout URL received from server";

export async function startCheckout(): Promise<string> {
  const { url } = await apiFetch<{ url?: string }>("/api/billing/checkout", { method: "POST" });
  if (!url) throw new Error(NO_CHECKOUT_URL_MESSAGE);
  return url;
}

export async function goToCheckout(): Promise<void> {
  window.location.assign(await startCheckout());
}
