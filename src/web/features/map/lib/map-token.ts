// The vendor token, from the spec's sources in order (spec 02 §7): memory cache, session
// storage, a public runtime value (VITE_MAP_TOKEN at build time), then GET /api/map/config.
const STORAGE_KEY = "tend.mapToken";
let memory: string | null = null;

function readSession(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(token: string): string {
  memory = token;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Private mode without storage: the memory cache still serves this page.
  }
  return token;
}

export async function resolveMapToken(
  fetchToken: () => Promise<string | null>,
  runtimeToken: string | undefined = import.meta.env.VITE_MAP_TOKEN as string | undefined,
): Promise<string | null> {
  if (memory) return memory;
  const cached = readSession();
  if (cached) return (memory = cached);
  if (runtimeToken) return remember(runtimeToken);
  const fetched = await fetchToken();
  return fetched ? remember(fetched) : null;
}

/** A token the vendor refused is dropped from every cache, so the next load asks again. */
export function forgetMapToken(): void {
  memory = null;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
