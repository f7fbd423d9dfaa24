// Colours for the map, taken from the app's theme (styles.css): markers use the very colours
// of the contacts list's state badges (success, warning, danger), so a state reads the same.
import type { DueState } from "../../../../core/rhythm";

export type MapPalette = {
  theme: "light" | "dark";
  ocean: string;
  land: string;
  border: string;
  halo: string;
  text: string;
  state: Record<DueState, string>;
};

const BASE = {
  light: { ocean: "#dbeafe", land: "#f8fafc", border: "#94a3b8" },
  dark: { ocean: "#0f172a", land: "#334155", border: "#64748b" },
} as const;

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function readPalette(isDark: boolean): MapPalette {
  const theme = isDark ? "dark" : "light";
  return {
    theme,
    ...BASE[theme],
    halo: cssVar("--background", isDark ? "#0b1120" : "#ffffff"),
    text: cssVar("--foreground", isDark ? "#f3f4f6" : "#111827"),
    state: {
      overdue: cssVar("--danger", "#b91c1c"),
      due_soon: cssVar("--warning", "#a16207"),
      on_track: cssVar("--success", "#15803d"),
      no_rhythm: cssVar("--muted-foreground", "#4b5563"),
    },
  };
}
