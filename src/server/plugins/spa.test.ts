import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../../tests/helpers/test-app";
import { PRODUCT_NAME_MARKER } from "../../core/product-name";
import { TRIAL_DAYS_MARKER, TRIAL_WORDING_MARKERS } from "../../core/trial-offer";

// The built web app as the server serves it, from a tiny fake build.
describe("serving the built web app", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "tend-dist-"));
  const indexHtml = `<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a1c.js"></script></body></html>`;
  const landingHtml = `<!doctype html><html><body><h1>Tend landing</h1></body></html>`;
  // /auth prerendered; this build has no prerendered /subscribe.
  const authHtml = `<!doctype html><html><head><script type="module" crossorigin src="/assets/app-3f9a1c.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-9b1e2d.js"></head><body><div id="root" data-prerendered="/auth"><form></form></div></body></html>`;
  // Its code is fetched at low priority: the page is drawn from its HTML.
  const authHtmlServed = `<!doctype html><html><head><script type="module" fetchpriority="low" crossorigin src="/assets/app-3f9a1c.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-9b1e2d.js"></head><body><div id="root" data-prerendered="/auth"><form></form></div></body></html>`;
  // A file the build pre-compressed (scripts/compress-assets.mjs), and a source map.
  const vendor = `export const words = ${JSON.stringify("keep in touch ".repeat(400))};`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), indexHtml);
    writeFileSync(path.join(dist, "landing.html"), landingHtml);
    writeFileSync(path.join(dist, "auth.html"), authHtml);
    writeFileSync(path.join(dist, "assets", "app-3f9a1c.js"), `console.log("app");`);
    writeFileSync(path.join(dist, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg"/>`);
    writeFileSync(path.join(dist, "sw.js"), `self.addEventListener("fetch", () => {});`);
    writeFileSync(
      path.join(dist, "manifest.webmanifest"),
      JSON.stringify({ name: "Built", short_name: "Built", start_url: "/app/contacts" }),
    );
    const asset = path.join(dist, "assets", "vendor-9b1e2d.js");
    writeFileSync(asset, vendor);
    writeFileSync(`${asset}.br`, brotliCompressSync(vendor));
    writeFileSync(`${asset}.gz`, gzipSync(vendor));
    writeFileSync(path.join(dist, "assets", "app-3f9a1c.js.map"), `{"version":3}`);
    t = await build({ WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("caches hashed assets for a year", async () => {
    const res = await t.app.inject({ url: "/assets/app-3f9a1c.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(`console.log("app");`);
  });

  it("serves the landing page at / and index.html for client routes, never cached", async () => {
    const landing = await t.app.inject({ url: "/" });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe(landingHtml);
    expect(landing.headers["cache-control"]).toBe("no-cache");

    for (const url of ["/app/contacts", "/auth?tab=signup", "/verify-email?token=a.b.c"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(indexHtml);
    }
    // At its own path too, filled: the service worker keeps it as the app's shell.
    const index = await t.app.inject({ url: "/index.html" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.body).toBe(indexHtml);
  });

  it("serves the service worker and the web manifest never cached, the manifest named by APP_NAME", async () => {
    const worker = await t.app.inject({ url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");

    const manifest = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(manifest.json()).toEqual({
      name: "Tend",
      short_name: "Tend",
      start_url: "/app/contacts",
    });
    const policy = String(manifest.headers["content-security-policy"]);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it("sends the app, not the static landing page, for / to someone with a session cookie", async () => {
    for (const cookie of [
      "better-auth.session_token=abc.def",
      "theme=x; __Secure-better-auth.session_token=abc.def",
    ]) {
      const res = await t.app.inject({ url: "/", headers: { cookie } });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toBe(indexHtml);
      expect(res.headers.vary, cookie).toMatch(/cookie/i);
    }
    const signedOut = await t.app.inject({ url: "/", headers: { cookie: "theme=x" } });
    expect(signedOut.body).toBe(landingHtml);
    expect(signedOut.headers.vary).toMatch(/cookie/i);
  });

  it("sends the prerendered /auth only without a query or a session, and only at /auth", async () => {
    const signedOut = await t.app.inject({ url: "/auth", headers: { cookie: "theme=x" } });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toBe(authHtmlServed);
    expect(signedOut.headers["cache-control"]).toBe("no-cache");
    expect(signedOut.headers.vary).toMatch(/cookie/i);

    const signedIn = await t.app.inject({
      url: "/auth",
      headers: { cookie: "better-auth.session_token=abc.def" },
    });
    expect(signedIn.body).toBe(indexHtml);
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    for (const url of ["/auth?error=no_session", "/auth/", "/subscribe"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
    // The file itself is not served under its own name.
    expect((await t.app.inject({ url: "/auth.html" })).statusCode).toBe(404);
  });

  it("sends a form posted natively to a prerendered page back to the page, unread", async () => {
    for (const [url, body] of [
      ["/auth", "email=ada%40example.com&password=correct-horse-1"],
      ["/subscribe", "email=ada%40example.com"],
      ["/", "email=ada%40example.com"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: {
          origin: "http://localhost:3000",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: body,
      });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(url);
      expect(res.body, url).not.toContain("correct-horse");
    }
  });

  it("answers an unknown page with HTTP 404 and the app, which shows its 404 page", async () => {
    for (const url of ["/no-such-page", "/app/nothing", "/app/contacts/1/extra?x=1"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it("answers 404 for a missing asset or file instead of index.html", async () => {
    for (const url of ["/assets/app-old123.js", "/assets/fonts/x.woff2", "/missing.png"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("<html");
      expect(res.json(), url).toEqual({
        error: { code: "NOT_FOUND", message: `No such file: ${url}` },
      });
    }
    expect((await t.app.inject({ url: "/favicon.svg" })).statusCode).toBe(200);
  });

  it("sends a file pre-compressed at build as brotli or gzip when accepted, as it is when not", async () => {
    const url = "/assets/vendor-9b1e2d.js";

    const br = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(vendor);

    const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(vendor);

    for (const acceptEncoding of ["identity", ""]) {
      const plain = await t.app.inject({ url, headers: { "accept-encoding": acceptEncoding } });
      expect(plain.statusCode, acceptEncoding).toBe(200);
      expect(plain.headers["content-encoding"] ?? "identity", acceptEncoding).toBe("identity");
      expect(plain.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(plain.body, acceptEncoding).toBe(vendor);
    }
  });

  it("serves a compressed copy only as its file's encoding, not at its own address", async () => {
    for (const suffix of [".br", ".gz"]) {
      const res = await t.app.inject({ url: `/assets/vendor-9b1e2d.js${suffix}` });
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json(), suffix).toEqual({
        error: { code: "NOT_FOUND", message: `No such file: /assets/vendor-9b1e2d.js${suffix}` },
      });
    }
  });

  it("serves source maps outside production", async () => {
    const res = await t.app.inject({ url: "/assets/app-3f9a1c.js.map" });
    expect(res.statusCode).toBe(200);
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/api/nope?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "NOT_FOUND", message: "No such endpoint: GET /api/nope" },
    });
  });
});

// The landing page is prerendered at build with a marker for the product name; the server
// fills in APP_NAME.
describe("the prerendered landing page names the configured product", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "tend-dist-"));
  const landingTemplate = `<!doctype html><html><head><title>${PRODUCT_NAME_MARKER}: keep in touch</title><meta name="application-name" content="${PRODUCT_NAME_MARKER}" /></head><body><p>${PRODUCT_NAME_MARKER}<!-- --> keeps the history.</p></body></html>`;
  let t: TestApp;

  beforeAll(async () => {
    writeFileSync(path.join(dist, "index.html"), `<!doctype html><div id="root"></div>`);
    writeFileSync(path.join(dist, "landing.html"), landingTemplate);
    t = await build({ WEB_DIST_DIR: dist, APP_NAME: `Kin & "Co"` }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("fills APP_NAME, escaped, wherever the prerender left the marker", async () => {
    const res = await t.app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PRODUCT_NAME_MARKER);
    expect(res.body).toContain("<title>Kin &amp; &quot;Co&quot;: keep in touch</title>");
    expect(res.body).toContain(`content="Kin &amp; &quot;Co&quot;"`);
    expect(res.body).toContain("<p>Kin &amp; &quot;Co&quot;<!-- --> keeps the history.</p>");
  });

  it("does not serve the unfilled template under its own name", async () => {
    const res = await t.app.inject({ url: "/landing.html" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(PRODUCT_NAME_MARKER);
  });
});

// Every page of the app, and the prerendered /auth, name the configured product and trial from
// the first paint: the build marks index.html's head, the server fills it in.
describe("the app's pages carry the configured name and trial length", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "tend-dist-"));
  const head = `<head><title>${PRODUCT_NAME_MARKER}: keep in touch</title><meta name="application-name" content="${PRODUCT_NAME_MARKER}" /><meta name="trial-days" content="${TRIAL_DAYS_MARKER}" /></head>`;
  let t: TestApp;

  beforeAll(async () => {
    writeFileSync(
      path.join(dist, "index.html"),
      `<!doctype html><html>${head}<body><div id="root"></div></body></html>`,
    );
    writeFileSync(
      path.join(dist, "auth.html"),
      `<!doctype html><html>${head}<body><div id="root" data-prerendered="/auth"><p>${PRODUCT_NAME_MARKER}</p><p>${TRIAL_WORDING_MARKERS.offer}</p></div></body></html>`,
    );
    t = await build(
      { WEB_DIST_DIR: dist, APP_NAME: `Kin & "Co"`, TRIAL_DAYS: "30" },
      { serveWeb: true },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("fills the head of every page and the prerendered body", async () => {
    for (const url of ["/app/contacts", "/checkout?session_id=x", "/auth"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain("%%");
      expect(res.body, url).toContain(
        `<meta name="application-name" content="Kin &amp; &quot;Co&quot;" />`,
      );
      expect(res.body, url).toContain(`<meta name="trial-days" content="30" />`);
      expect(res.body, url).toContain("<title>Kin &amp; &quot;Co&quot;: keep in touch</title>");
    }
    const auth = await t.app.inject({ url: "/auth" });
    expect(auth.body).toContain(
      "<p>Kin &amp; &quot;Co&quot;</p><p>30-day free trial, no card needed.</p>",
    );
  });
});

// Production sends no source maps to browsers: the build writes them without a
// sourceMappingURL comment, and the server does not serve them.
describe("serving the built web app in production", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "tend-dist-"));
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), `<!doctype html><div id="root"></div>`);
    writeFileSync(path.join(dist, "assets", "app-3f9a1c.js"), `console.log("app");`);
    writeFileSync(path.join(dist, "assets", "app-3f9a1c.js.map"), `{"version":3,"sources":[]}`);
    t = await build(
      { WEB_DIST_DIR: dist, NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" },
      { serveWeb: true },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("does not serve .map files, with or without compression", async () => {
    expect((await t.app.inject({ url: "/assets/app-3f9a1c.js" })).statusCode).toBe(200);
    for (const acceptEncoding of ["br", "identity"]) {
      const res = await t.app.inject({
        url: "/assets/app-3f9a1c.js.map",
        headers: { "accept-encoding": acceptEncoding },
      });
      expect(res.statusCode, acceptEncoding).toBe(404);
      expect(res.body, acceptEncoding).not.toContain("version");
    }
  });
});
