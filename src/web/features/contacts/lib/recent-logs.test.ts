import { describe, expect, it } from "vitest";
import { createRecentLogs } from "./recent-logs";

describe("createRecentLogs", () => {
  it("finds a contact's log inside the window and not after it", () => {
    const logs = createRecentLogs(120_000);
    logs.remember("ada", { undoId: "u1", at: 1_000 });
    expect(logs.find("ada", 1_000)).toEqual({ undoId: "u1", at: 1_000 });
    expect(logs.find("ada", 120_999)).toEqual({ undoId: "u1", at: 1_000 });
    expect(logs.find("grace", 2_000)).toBeUndefined();
    expect(logs.find("ada", 121_000)).toBeUndefined();
  });

  it("forgets an undone log, so the next tap logs again", () => {
    const logs = createRecentLogs(120_000);
    logs.remember("ada", { undoId: "u1", at: 1_000 });
    logs.remember("grace", { undoId: "u2", at: 1_000 });
    logs.forget("u1");
    expect(logs.find("ada", 2_000)).toBeUndefined();
    expect(logs.find("grace", 2_000)?.undoId).toBe("u2");
  });

  it("does not treat a log stamped in the future (a clock set back) as recent", () => {
    const logs = createRecentLogs(120_000);
    logs.remember("ada", { undoId: "u1", at: 10_000 });
    expect(logs.find("ada", 5_000)).toBeUndefined();
  });
});
