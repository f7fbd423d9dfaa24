// Chromium's command line for the browser tests and benchmarks: the launcher's own features
// switched off, and the browser UI that headless Chromium 156 runs behind every window (decision
// 215).

/**
 * Headless Chromium 156 is the whole browser without a screen: every window it opens for a page
 * also loads the omnibox's two popups as WebUI pages, in a renderer of their own that no test
 * sees. On this 2-core machine that renderer used ~1.7 s of CPU in the ten seconds after a launch
 * and ~1.9 s more for each new page, taken from the page under test.
 */
export const HIDDEN_BROWSER_UI_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The features Playwright 1.65 switches off itself (its `chromiumSwitches`). Chromium reads only
 * the last `--disable-features` on its command line, so ours must carry these too; the browser
 * spec `chromium-flags.spec.ts` reads Playwright's list off a launched browser and fails when an
 * upgrade changes it.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/** One `--disable-features` holding a launcher's own list and the hidden browser UI. */
export function disableFeaturesFlag(launcherDefaults: readonly string[]): string {
  const features = new Set([...launcherDefaults, ...HIDDEN_BROWSER_UI_FEATURES]);
  return `--disable-features=${[...features].join(",")}`;
}

/** For a browser Playwright launches: its own switched-off features and the hidden browser UI. */
export const PLAYWRIGHT_DISABLE_FEATURES_FLAG = disableFeaturesFlag(PLAYWRIGHT_DISABLED_FEATURES);

/** The features a launched browser's command line switches off (its last `--disable-features`). */
export function disabledFeaturesOf(commandLine: readonly string[]): string[] {
  const flag = commandLine.findLast((arg) => arg.startsWith("--disable-features="));
  return flag ? flag.slice("--disable-features=".length).split(",").filter(Boolean) : [];
}
