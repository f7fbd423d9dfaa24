import { describe, expect, it } from "vitest";
import { listAppOrigins } from "./app-origins";

describe("listAppOrigins", () => {
  it("accepts localhost and 127.0.0.1 on the configured port outside production", () => {
    expect(listAppOrigins("http://localhost:3000", false)).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
    ]);
    expect(listAppOrigins("http://127.0.0.1:8080/", false)).toEqual([
      "http://127.0.0.1:8080",
      "http://localhost:8080",
    ]);
  });

  it("accepts only APP_URL in production, and for any other host", () => {
    expect(listAppOrigins("http://localhost:3000", true)).toEqual(["http://localhost:3000"]);
    expect(listAppOrigins("https://tend.example.com", false)).toEqual(["https://tend.example.com"]);
  });
});
