// The code of a page the server drew for a signed-in user (decision 218) starts after the page's
// first paint: the rows are in the HTML, and on a slow link the page's ~30 scripts would share the
// bandwidth with the stylesheet the paint waits for. The server puts the entry and the chunks it
// imports in this script's data attributes instead of the head; here they are asked for, in the
// head's order, once the first contentful paint is on screen. Each request costs the main thread
// ~1 ms (~4 ms on a slow phone), so they go a few at a time, one small task each, not in one long
// task a press would wait behind. A page opened in the background paints nothing until it is
// shown: its code starts at once.
//
// Until the app's code runs, a press on a button, a form sent or a keyboard shortcut pressed on
// the page is held here, by the rules of src/web/app/held-until-hydrated.ts (keep the two in
// step), and handed to it through window.tendPressBeforeCode; it replays the last once the page
// is live.
(function () {
  const script = document.currentScript;
  const entry = script.getAttribute("data-entry");
  const preloads = (script.getAttribute("data-preloads") || "").split(" ").filter(Boolean);
  const PER_TASK = 4;
  /** Past this without a paint entry (a browser that reports none), the code starts anyway. */
  const PAINT_WAIT_MS = 3000;

  let held = null;
  const root = document.getElementById("root");
  const hold = (event) => {
    const target = event.target;
    const isHeld =
      event.type === "click"
        ? Boolean(target && target.closest && target.closest("button"))
        : event.type === "submit" ||
          ((target === document.body || target === document.documentElement) &&
            event.key.length === 1 &&
            event.key !== " " &&
            !event.ctrlKey &&
            !event.metaKey &&
            !event.altKey);
    if (!isHeld) return;
    event.preventDefault();
    event.stopPropagation();
    held = event;
  };
  if (root) {
    root.addEventListener("click", hold, true);
    root.addEventListener("submit", hold, true);
    document.addEventListener("keydown", hold, true);
  }
  window.tendPressBeforeCode = () => {
    if (root) {
      root.removeEventListener("click", hold, true);
      root.removeEventListener("submit", hold, true);
      document.removeEventListener("keydown", hold, true);
    }
    window.tendPressBeforeCode = undefined;
    return held;
  };

  const element = (name, properties) =>
    Object.assign(document.createElement(name), properties, { crossOrigin: "" });
  const tags = [{ name: "script", properties: { type: "module", src: entry } }].concat(
    preloads.map((href) => ({ name: "link", properties: { rel: "modulepreload", href } })),
  );
  const addSome = () => {
    for (const tag of tags.splice(0, PER_TASK)) {
      document.head.appendChild(element(tag.name, tag.properties));
    }
    if (tags.length > 0) setTimeout(addSome, 0);
  };
  let hasStarted = false;
  const start = () => {
    if (hasStarted) return;
    hasStarted = true;
    addSome();
  };

  if (document.visibilityState === "hidden") return start();
  // The first contentful paint is reported once it is on screen (the frame drawn, not only
  // produced); a browser without paint entries starts after its first frame.
  const canObservePaint =
    typeof PerformanceObserver === "function" &&
    (PerformanceObserver.supportedEntryTypes || []).includes("paint");
  if (!canObservePaint) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, PAINT_WAIT_MS);
  document.addEventListener("visibilitychange", start, { once: true });
})();
