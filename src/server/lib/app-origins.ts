// The origins the app accepts writes from: APP_URL's own and, outside production, its loopback
// twin on the same port (localhost ↔ 127.0.0.1), so a self-hoster can open either address the
// server prints.
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1"];

export function listAppOrigins(appUrl: string, isProduction: boolean): string[] {
  const url = new URL(appUrl);
  const origins = [url.origin];
  if (isProduction || !LOOPBACK_HOSTS.includes(url.hostname)) return origins;
  for (const host of LOOPBACK_HOSTS) {
    if (host === url.hostname) continue;
    const twin = new URL(url.origin);
    twin.hostname = host;
    origins.push(twin.origin);
  }
  return origins;
}
