// A module loaded by file name (a worker thread's script) next to the caller: `name.ts` when the
// server runs from source (tsx, Vitest), `name.js` when it runs compiled from dist-server/, where
// scripts/build-server.mjs puts every such file beside main.js.
export function siblingModule(callerUrl: string, sourcePath: string, compiledName: string): URL {
  return callerUrl.endsWith(".ts")
    ? new URL(sourcePath, callerUrl)
    : new URL(`./${compiledName}.js`, callerUrl);
}

/** The server runs compiled (dist-server/*.js), not from TypeScript source. */
export function isCompiledModule(url: URL): boolean {
  return url.pathname.endsWith(".js");
}
