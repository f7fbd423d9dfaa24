// What sticks out sideways on a page, for the width checks of the phone and billing specs.
import { expect, type Page } from "@playwright/test";

/**
 * What sticks out past the right edge of the screen or of its card: the page itself, or any
 * element that is not clipped or scrolled by a box of its own (a table or tab strip that scrolls
 * sideways on purpose, a `truncate` line).
 */
export async function overflowAt(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > scroller.clientWidth) {
      problems.push(`page is ${scroller.scrollWidth} px wide in ${scroller.clientWidth} px`);
    }
    const isContained = (el: Element): boolean => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits: HTMLElement[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const rect = el.getBoundingClientRect();
      // A visually hidden element (the skip link until it is focused) is 1 px on purpose.
      if (rect.width <= 1 || rect.height <= 1) continue;
      // A card is the edge too: a form wider than its card looks broken though the page fits.
      const card = el.parentElement?.closest(".ui-card");
      const right = card ? Math.min(width, card.getBoundingClientRect().right) : width;
      if (rect.right <= right + 0.5 && rect.left >= -0.5) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "contents") continue;
      if (isContained(el)) continue;
      // One line per innermost culprit: the boxes around it only repeat it.
      const outer = culprits.findIndex((found) => found.contains(el));
      if (outer >= 0) culprits.splice(outer, 1);
      culprits.push(el);
    }
    for (const el of culprits.slice(0, 6)) {
      const rect = el.getBoundingClientRect();
      const label = el.getAttribute("aria-label") ?? el.textContent ?? "";
      problems.push(
        `${el.tagName.toLowerCase()}.${el.className} "${label.trim().slice(0, 40)}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`,
      );
    }
    return problems;
  });
}

/** The page at 320 and 390 px in both themes: nothing sticks out, and axe finds nothing. */
export async function expectNoOverflowOnPhones(
  page: Page,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      for (const problem of await overflowAt(page))
        found.push(`${width} px ${colorScheme}: ${problem}`);
    }
    await check(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(found).toEqual([]);
}
