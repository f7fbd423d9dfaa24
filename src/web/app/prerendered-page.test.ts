import { describe, expect, it } from "vitest";
import { canHydratePrerendered } from "./prerendered-page";

function rootFor(path: string | null): HTMLElement {
  return { getAttribute: () => path } as unknown as HTMLElement;
}

const signedOut = { pathname: "/auth", search: "", state: null, me: null, isMeFailed: false };

describe("hydrating a prerendered page", () => {
  it("hydrates the plain path for a visitor the session read says is signed out", () => {
    expect(canHydratePrerendered(rootFor("/auth"), signedOut)).toBe(true);
    expect(
      canHydratePrerendered(rootFor("/auth"), { ...signedOut, state: { usr: { show: "login" } } }),
    ).toBe(true);
  });

  it("hydrates when the session read failed: the page renders signed out then as well", () => {
    expect(
      canHydratePrerendered(rootFor("/auth"), { ...signedOut, me: undefined, isMeFailed: true }),
    ).toBe(true);
  });

  it("renders afresh when the first render could differ from the markup", () => {
    const cases = [
      [rootFor(null), signedOut],
      [rootFor("/subscribe"), signedOut],
      [rootFor("/auth"), { ...signedOut, search: "?error=no_session" }],
      [rootFor("/auth"), { ...signedOut, state: { usr: { show: "signup" } } }],
      // Signed in, or no answer about the session yet.
      [rootFor("/auth"), { ...signedOut, me: { user: { id: "u1" } } }],
      [rootFor("/auth"), { ...signedOut, me: undefined }],
    ] as const;
    for (const [root, page] of cases)
      expect(canHydratePrerendered(root, page), JSON.stringify(page)).toBe(false);
  });
});
