// Pages outside /app are always light; inside /app the saved choice, else the system preference.
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useMe } from "../lib/session/get-me";

const darkQuery = "(prefers-color-scheme: dark)";

function subscribeToScheme(listener: () => void): () => void {
  const media = window.matchMedia(darkQuery);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
}

export function ThemeController() {
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const prefersDark = useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  );
  const isApp = pathname === "/app" || pathname.startsWith("/app/");
  const saved = me?.settings.theme ?? null;
  const isDark = isApp && (saved ? saved === "dark" : prefersDark);
  useEffect(() => {
    document.documentElement.classList.toggle("dark", isDark);
  }, [isDark]);
  return null;
}
