// Holds one API answer back while a test types: the request reaches the server at
// once, but the page gets the answer only when the test calls `release()`. Matches the first
// request with this method whose path matches; later ones pass untouched.
import type { Page } from "@playwright/test";

export type HeldAnswer = {
  /** Resolves once the page has asked (the answer is then being held). */
  asked: Promise<void>;
  release: () => void;
};

export async function holdApiAnswer(page: Page, method: string, path: RegExp): Promise<HeldAnswer> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  let isWaiting = true;
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (!isWaiting || route.request().method() !== method) return route.fallback();
      isWaiting = false;
      const response = await route.fetch();
      markAsked();
      await released;
      await route.fulfill({ response });
    },
  );
  return { asked, release };
}
