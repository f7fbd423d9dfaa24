import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { describeLoadFailure, LOAD_FAILURE_MESSAGES } from "./load-failure";

describe("describeLoadFailure", () => {
  it("never shows a server fault's own text", () => {
    expect(describeLoadFailure(new ApiRequestError(500, "INTERNAL", "boom"))).toEqual({
      isNotFound: false,
      message: LOAD_FAILURE_MESSAGES.serverFault,
    });
    expect(describeLoadFailure(new ApiRequestError(502, "HTTP_ERROR", "Bad Gateway")).message).toBe(
      LOAD_FAILURE_MESSAGES.serverFault,
    );
    expect(describeLoadFailure(new TypeError("x is undefined")).message).toBe(
      LOAD_FAILURE_MESSAGES.serverFault,
    );
  });

  it("names a lost connection", () => {
    const offline = new ApiRequestError(0, "NETWORK", "anything");
    expect(describeLoadFailure(offline).message).toBe(LOAD_FAILURE_MESSAGES.offline);
  });

  it("keeps not found apart from failed", () => {
    const missing = new ApiRequestError(404, "NOT_FOUND", "Contact not found.");
    expect(describeLoadFailure(missing)).toEqual({
      isNotFound: true,
      message: "Contact not found.",
    });
    expect(describeLoadFailure(new ApiRequestError(503, "UNAVAILABLE", "x")).isNotFound).toBe(
      false,
    );
  });

  it("keeps the server's explanation of a refusal", () => {
    const refused = new ApiRequestError(402, "PAYMENT_REQUIRED", "Your trial has ended.");
    expect(describeLoadFailure(refused).message).toBe("Your trial has ended.");
  });
});
