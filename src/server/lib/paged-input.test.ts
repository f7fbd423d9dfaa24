import { describe, expect, it } from "vitest";
import { pageInput, receivePages } from "./paged-input";

const input = () => ({
  format: "tend",
  contacts: Array.from({ length: 7 }, (_, i) => ({ id: `c${i}`, tags: [`t${i}`] })),
  interactions: Array.from({ length: 5 }, (_, i) => ({ id: `i${i}`, at: new Date(i * 1000) })),
  imports: [{ id: "import" }],
});

describe("an input sent to a worker a page at a time", () => {
  it("arrives whole: the same lists in the same order, the other fields and their order kept", async () => {
    for (const pageItems of [1, 2, 3, 7, 500]) {
      const { envelope, send } = pageInput(input(), ["contacts", "interactions"], pageItems);
      expect(envelope.head.contacts).toEqual([]);
      expect(envelope.head.imports).toEqual([{ id: "import" }]);
      const received = receivePages(envelope);
      await send(() => false);
      const whole = await received;
      expect(whole).toEqual(input());
      expect(Object.keys(whole)).toEqual(Object.keys(input()));
    }
  });

  it("posts one page per turn of the event loop, other work running between pages", async () => {
    const { envelope, send } = pageInput(input(), ["contacts"], 2);
    const pages: number[] = [];
    envelope.port.on("message", (page: { items?: unknown[] }) => {
      if (page.items) pages.push(page.items.length);
    });
    const log: string[] = [];
    let isSending = true;
    const otherWork = () => {
      log.push("other");
      if (isSending) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    await send(() => {
      log.push("page");
      return false;
    });
    isSending = false;
    await new Promise((resolve) => setTimeout(resolve, 10));
    envelope.port.close();
    expect(pages).toEqual([2, 2, 2, 1]);
    expect(log.filter((step) => step === "page")).toHaveLength(4);
    expect(log.join(" ")).not.toMatch(/page page/);
  });

  it("stops sending once the task has ended", async () => {
    const { envelope, send } = pageInput(input(), ["contacts"], 1);
    const received: unknown[] = [];
    envelope.port.on("message", (page: unknown) => received.push(page));
    let checks = 0;
    // The task ends after the second page has gone.
    await send(() => ++checks > 2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    envelope.port.close();
    expect(received).toEqual([
      { key: "contacts", items: [input().contacts[0]] },
      { key: "contacts", items: [input().contacts[1]] },
    ]);
  });

  it("ends the worker's wait with an error when a list cannot be sent", async () => {
    const { envelope, send } = pageInput({ contacts: "not a list" }, ["contacts"]);
    const received = receivePages(envelope);
    await expect(send(() => false)).rejects.toThrow('the paged input "contacts" is not a list');
    await expect(received).rejects.toThrow("the input's pages stopped before the last one");
  });
});
