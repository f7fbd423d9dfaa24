// Reads the signed-in user's copy of their reads from IndexedDB while the app's code still loads,
// so a reopened app paints it without a read of its own (src/web/lib/persisted-query-cache.ts
// applies it, and its test holds the names below to its own). A plain async script: it runs as
// soon as it arrives, beside the app's modules, and never waits for them.
(function () {
  if (!window.indexedDB || !/^\/app(\/|$)/.test(location.pathname)) return;
  window.tendDeviceCopy = new Promise(function (resolve) {
    var none = function () {
      resolve(null);
    };
    try {
      var open = indexedDB.open("tend-query-cache");
      // A first visit makes the database as idb-keyval would, with its store.
      open.onupgradeneeded = function () {
        open.result.createObjectStore("copies");
      };
      open.onerror = none;
      open.onsuccess = function () {
        var db = open.result;
        try {
          var tx = db.transaction("copies", "readonly");
          tx.oncomplete = tx.onabort = function () {
            db.close();
          };
          var copies = tx.objectStore("copies");
          var user = copies.get("current-user");
          user.onerror = none;
          user.onsuccess = function () {
            if (typeof user.result !== "string") return none();
            var copy = copies.get("user:" + user.result);
            copy.onerror = none;
            copy.onsuccess = function () {
              resolve({ userId: user.result, saved: copy.result });
            };
          };
        } catch {
          db.close();
          none();
        }
      };
    } catch {
      none();
    }
  });
})();
