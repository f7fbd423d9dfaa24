import { describe, expect, it } from "vitest";
import { pageTitleFor } from "./page-title";

describe("pageTitleFor", () => {
  it("names the page and the product", () => {
    expect(pageTitleFor("/app/contacts", "Tend")).toBe("Contacts · Tend");
    expect(pageTitleFor("/app/contacts/new", "Tend")).toBe("Add a contact · Tend");
    expect(pageTitleFor("/app/contacts/3f1c", "Kin")).toBe("Contact · Kin");
    expect(pageTitleFor("/app/import/", "Tend")).toBe("Data · Tend");
    expect(pageTitleFor("/auth", "Tend")).toBe("Sign in · Tend");
    expect(pageTitleFor("/auth/oauth-callback", "Tend")).toBe("Signing in · Tend");
    expect(pageTitleFor("/onboarding", "Tend")).toBe("Welcome · Tend");
  });

  it("gives the landing page the product's own title and unknown paths the 404's", () => {
    expect(pageTitleFor("/", "Kin")).toBe("Kin: keep in touch with the people who matter");
    expect(pageTitleFor("/no/such/page", "Tend")).toBe("Page not found · Tend");
    expect(pageTitleFor("/app/contacts/1/extra", "Tend")).toBe("Page not found · Tend");
  });
});
