// Pages outside /app are always light; inside /app the saved choice, else the system preference.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { THEME_COLORS } from "../../core/app-manifest";
import { SYSTEM_THEME_CLASS } from "../../core/prerendered-pages";
import { useMe } from "../lib/session/get-me";
import { useMediaQuery } from "../lib/use-media-query";

const darkQuery = "(prefers-color-scheme: dark)";

export function ThemeController() {
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const prefersDark = useMediaQuery(darkQuery);
  const isApp = pathname === "/app" || pathname.startsWith("/app/");
  const saved = me?.settings.theme ?? null;
  const isDark = isApp && (saved ? saved === "dark" : prefersDark);
  useEffect(() => {
    const { classList } = document.documentElement;
    classList.toggle("dark", isDark);
    // A page the server rendered for a user who follows the system keeps the
    // class that does so by CSS alone while that stays their choice.
    if (!isApp || saved !== null) classList.remove(SYSTEM_THEME_CLASS);
    // The browser's bar (and an installed app's title bar) takes the page's background.
    for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
      meta.setAttribute("content", isDark ? THEME_COLORS.dark : THEME_COLORS.light);
  }, [isDark, isApp, saved]);
  return null;
}
