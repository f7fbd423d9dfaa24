import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyModule, type LazyModule } from "./lazy";

type Greeting = { greet: (name: string) => string };

/** A page with one part whose code arrives through `module`, and a stand-in meanwhile. */
function page(module: LazyModule<Greeting>) {
  function Part() {
    return createElement("p", null, module.useModule().greet("Ada"));
  }
  return createElement(
    Suspense,
    { fallback: createElement("p", null, "stand-in") },
    createElement(Part),
  );
}

async function html(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("a module loaded when it is used", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("loads once however often it is asked for, and renders at once once it has arrived", async () => {
    const load = vi.fn(async () => ({ greet: (name: string) => `Hello ${name}` }));
    const module = lazyModule(load);
    const first = module.preload();
    expect(module.preload()).toBe(first);
    await first;
    expect(renderToString(page(module))).toContain("Hello Ada");
    expect(renderToString(page(module))).not.toContain("stand-in");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the stand-in while the code is on its way, then the part", async () => {
    let arrive: (module: Greeting) => void = () => undefined;
    const module = lazyModule(() => new Promise<Greeting>((resolve) => (arrive = resolve)));
    expect(renderToString(page(module))).toContain("stand-in");
    const rendering = prerender(page(module));
    arrive({ greet: (name) => `Hi ${name}` });
    const { prelude } = await rendering;
    const text = await html(prelude);
    expect(text).toContain("Hi Ada");
    expect(text).not.toContain("stand-in");
  });

  it("tries a failed load again on the next use, after the usual retries", async () => {
    vi.useFakeTimers();
    let isOnline = false;
    const load = vi.fn(async () => {
      if (!isOnline) throw new Error("Failed to fetch dynamically imported module");
      return { greet: (name: string) => `Back, ${name}` };
    });
    const module = lazyModule(load);
    const failing = module.preload();
    const outcome = failing.then(
      () => "loaded",
      (error: Error) => error.message,
    );
    await vi.runAllTimersAsync();
    expect(await outcome).toBe("Failed to fetch dynamically imported module");
    expect(load).toHaveBeenCalledTimes(4);
    isOnline = true;
    const again = module.preload();
    expect(again).not.toBe(failing);
    expect((await again).greet("Ada")).toBe("Back, Ada");
  });
});
