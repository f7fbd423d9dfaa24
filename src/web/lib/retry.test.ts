import { describe, expect, it } from "vitest";
import { every, exponential, linear, pollForValue, repeatUntil, retryOnError } from "./retry";

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("one retry and poll loop", () => {
  it("stops at the first accepted answer and waits only between attempts", async () => {
    const { waits, sleep } = recorder();
    const answers = ["none", "none", "active", "never asked"];
    const result = await repeatUntil(
      async (attempt) => answers[attempt - 1]!,
      (answer) => answer === "active",
      { attempts: 5, delayMs: linear(1000), sleep },
    );
    expect(result).toEqual({ value: "active", attempts: 3, isDone: true });
    expect(waits).toEqual([1000, 2000]);
  });

  it("returns the last answer, not done, when the attempts run out, with no wait after it", async () => {
    const { waits, sleep } = recorder();
    const result = await repeatUntil(
      async (attempt) => attempt,
      () => false,
      {
        attempts: 3,
        delayMs: every(500),
        sleep,
      },
    );
    expect(result).toEqual({ value: 3, attempts: 3, isDone: false });
    expect(waits).toEqual([500, 500]);
  });

  it("retries a throwing step with exponential waits and rethrows the last error", async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    await expect(
      retryOnError(
        async () => {
          calls++;
          throw new Error(`chunk failed ${calls}`);
        },
        { attempts: 4, delayMs: exponential(1000, 1.5), sleep },
      ),
    ).rejects.toThrow("chunk failed 4");
    expect(waits).toEqual([1000, 1500, 2250]);
  });

  it("a throwing step that recovers answers its value", async () => {
    const { sleep } = recorder();
    let calls = 0;
    const value = await retryOnError(
      async () => {
        if (++calls < 2) throw new Error("offline");
        return "loaded";
      },
      { attempts: 3, delayMs: every(10), sleep },
    );
    expect(value).toBe("loaded");
  });

  it("polls for a value, counting a failed read as nothing yet", async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const value = await pollForValue(
      async () => {
        calls++;
        if (calls === 1) throw new Error("network");
        return calls === 3 ? { email: "a@example.com" } : null;
      },
      { attempts: 4, delayMs: every(300), sleep },
    );
    expect(value).toEqual({ email: "a@example.com" });
    expect(waits).toEqual([300, 300]);
  });
});
