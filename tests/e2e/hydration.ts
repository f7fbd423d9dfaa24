// Pages that arrive with their markup (prerendered; rendered by the server for
// their user): whether React took that markup over, and whether it said anything.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// Playwright's own warning when it blocks the app's service worker (playwright.config.ts).
const SERVICE_WORKER_BLOCKED = "Service Worker registration blocked by Playwright";

/** Every console error and warning (React reports hydration mismatches as either). */
export function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.text() === SERVICE_WORKER_BLOCKED) return;
    if (message.type() === "error" || message.type() === "warning")
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`page error: ${error.message}`));
  return messages;
}

/** Keeps the first element matching `selector` the parser creates, to compare with later. */
export async function keepFirstElement(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted) => {
    const observer = new MutationObserver(() => {
      const element = document.querySelector(wanted);
      if (!element) return;
      (window as unknown as { firstElement: Element }).firstElement = element;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
}

/** Whether React has taken over the element (it keeps its fiber on the node). */
export async function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
}

export async function expectSameElementHydrated(page: Page, selector: string): Promise<void> {
  await expect.poll(() => isHydrated(page, selector)).toBe(true);
  const isSame = await page
    .locator(selector)
    .first()
    .evaluate(
      (element) => (window as unknown as { firstElement?: Element }).firstElement === element,
    );
  expect(isSame, `${selector} is the prerendered element, not a new one`).toBe(true);
}

/**
 * Waits until the app's code owns the page: a page drawn by the server looks ready before its code
 * has even been asked for, and a link followed before then is a plain navigation,
 * a read the test holds back after then keeps the page from coming alive.
 */
export async function expectAppLive(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page, "#root main")).toBe(true);
}
