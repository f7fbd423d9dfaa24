import { describe, expect, it } from "vitest";
import { readAcceptedVersion } from "./vcard-negotiation";

describe("the vCard version a GET's Accept asks for", () => {
  it("is 3.0 without a named 4.0, and 4.0 when the preferred text/vcard names it", () => {
    expect(readAcceptedVersion(undefined)).toBe("3.0");
    expect(readAcceptedVersion("*/*")).toBe("3.0");
    expect(readAcceptedVersion("text/vcard")).toBe("3.0");
    expect(readAcceptedVersion("text/vcard; version=4.0")).toBe("4.0");
    expect(readAcceptedVersion('text/vcard;version="4.0"')).toBe("4.0");
    expect(readAcceptedVersion("text/vcard;q=0.9, text/vcard;version=4.0")).toBe("4.0");
    expect(readAcceptedVersion("text/vcard;version=4.0;q=0.5, text/vcard;version=3.0")).toBe("3.0");
    expect(readAcceptedVersion("text/vcard;version=4.0;q=0, text/vcard")).toBe("3.0");
  });
});
