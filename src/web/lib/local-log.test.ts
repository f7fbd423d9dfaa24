import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearErrorLog,
  logError,
  logVerification,
  readErrorLog,
  readVerificationLog,
} from "./local-log";

let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal("window", { location: { href: "http://localhost/app/contacts" } });
  vi.stubGlobal("navigator", { userAgent: "TestBrowser/1.0" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the local logs keep the newest 50 entries each (spec 01 §9)", () => {
  it("error log: the 51st entry pushes out the oldest", () => {
    for (let i = 1; i <= 51; i++) logError(new Error(`failure ${i}`));
    const entries = readErrorLog();
    expect(entries).toHaveLength(50);
    expect(entries[0]!.message).toBe("failure 2");
    expect(entries[49]).toMatchObject({
      message: "failure 51",
      level: "error",
      url: "http://localhost/app/contacts",
      deviceInfo: "TestBrowser/1.0",
    });
  });

  it("verification log: capped at 50 on its own, apart from the error log", () => {
    logError("not an Error object", "warn");
    for (let i = 1; i <= 60; i++) logVerification(`step ${i}`, "detail");
    const steps = readVerificationLog().map((e) => e.step);
    expect(steps).toHaveLength(50);
    expect(steps[0]).toBe("step 11");
    expect(steps[49]).toBe("step 60");
    expect(readErrorLog()).toMatchObject([{ message: "not an Error object", level: "warn" }]);
  });

  it("clearing the error log empties it and leaves the verification log", () => {
    logError(new Error("boom"));
    logVerification("start");
    clearErrorLog();
    expect(readErrorLog()).toEqual([]);
    expect(readVerificationLog()).toHaveLength(1);
  });

  it("a corrupt stored log reads as empty and is replaced on the next entry", () => {
    stored.set("tend.error-log", "{not json");
    expect(readErrorLog()).toEqual([]);
    logError(new Error("after corruption"));
    expect(readErrorLog().map((e) => e.message)).toEqual(["after corruption"]);
  });
});
