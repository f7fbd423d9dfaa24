// The pages the build prerenders signed out and the server sends to a visitor without a session
// (decision 204): scripts/prerender.mjs writes `<name>.html` for each path.
export const PRERENDERED_PATHS = ["/auth", "/subscribe"] as const;

/** The attribute on #root that names the path its markup was prerendered for. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";
