import { describe, expect, it } from "vitest";
import { AUTH_LOG_STRING_MAX, createAuthLog } from "./auth-logger";

describe("Better Auth's log lines", () => {
  it("cut what a caller sent and write refusals as warnings", () => {
    const lines: { level: string; obj: unknown; msg?: string }[] = [];
    const record = (level: string) => (obj: unknown, msg?: string) =>
      lines.push({ level, obj, msg });
    const log = createAuthLog({
      debug: record("debug"),
      info: record("info"),
      warn: record("warn"),
      error: record("error"),
    });
    const url = `https://evil.example/${"a".repeat(50_000)}`;
    log("error", `Invalid callbackURL: ${url}`, { callbackURL: url });
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line!.level).toBe("warn");
    expect(line!.msg!.length).toBeLessThan(AUTH_LOG_STRING_MAX + 50);
    expect(JSON.stringify(line!.obj).length).toBeLessThan(AUTH_LOG_STRING_MAX + 100);
  });
});
