import { describe, expect, it } from "vitest";
import { isAppPath } from "./app-paths";

describe("the app's paths", () => {
  it("matches screens with their ids and a trailing slash, not unknown paths", () => {
    expect(isAppPath("/app/contacts/7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001")).toBe(true);
    expect(isAppPath("/app/settings/")).toBe(true);
    expect(isAppPath("/")).toBe(true);
    expect(isAppPath("/app/contacts/1/extra")).toBe(false);
    expect(isAppPath("/no-such-page")).toBe(false);
    expect(isAppPath("/app/nothing")).toBe(false);
  });
});
