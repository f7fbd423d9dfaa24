// The code of a page the server drew for a signed-in user (decision 218) starts after the page's
// first paint: the rows are in the HTML, and on a slow link the page's ~30 scripts would share the
// bandwidth with the stylesheet the paint waits for. The server puts the entry and the chunks it
// imports in this script's data attributes instead of the head; here they are asked for, in the
// head's order, once a frame has been drawn. Each request costs the main thread ~1 ms (~4 ms on
// a slow phone), so they go a few at a time, one small task each, not in one long task a press
// would wait behind. A page opened in the background draws no frame until it is shown: its code
// starts at once.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute("data-entry");
  var preloads = (script.getAttribute("data-preloads") || "").split(" ").filter(Boolean);
  var PER_TASK = 4;
  var hasStarted = false;

  function element(name, properties) {
    return Object.assign(document.createElement(name), properties, { crossOrigin: "" });
  }
  var tags = [{ name: "script", properties: { type: "module", src: entry } }].concat(
    preloads.map(function (href) {
      return { name: "link", properties: { rel: "modulepreload", href: href } };
    }),
  );

  function addSome() {
    tags.splice(0, PER_TASK).forEach(function (tag) {
      document.head.appendChild(element(tag.name, tag.properties));
    });
    if (tags.length > 0) setTimeout(addSome, 0);
  }
  function start() {
    if (hasStarted) return;
    hasStarted = true;
    addSome();
  }
  if (document.visibilityState === "hidden") return start();
  // The callback runs before the first frame is drawn; the task it queues, after.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
