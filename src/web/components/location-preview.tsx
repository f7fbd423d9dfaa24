/**
 * LocationPreview — the small map with a pin shown under a chosen place (spec 02 §9: zoom 12,
 * 400×200 by default), drawn by GET /api/map/static.svg in the app's current theme.
 * Props: `latitude`, `longitude` (numbers; nothing is drawn for invalid coordinates),
 * `label` (the place's name, for the image's alt text), optional `zoom`, `className`.
 */
import { useEffect, useState } from "react";
import { STATIC_MAP_DEFAULT_HEIGHT, STATIC_MAP_DEFAULT_WIDTH } from "../../core/constants";
import { staticMapUrl } from "../../core/places";
import { cn } from "../lib/utils";

function useIsDarkTheme(): boolean {
  const [isDark, setIsDark] = useState(() => document.documentElement.classList.contains("dark"));
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setIsDark(root.classList.contains("dark")));
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return isDark;
}

export function LocationPreview(props: {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  label: string;
  zoom?: number;
  className?: string;
}) {
  const isDark = useIsDarkTheme();
  const { latitude, longitude } = props;
  if (
    typeof latitude !== "number" ||
    typeof longitude !== "number" ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return null;
  }
  const src = `${staticMapUrl({ latitude, longitude, zoom: props.zoom })}&theme=${isDark ? "dark" : "light"}`;
  return (
    <img
      src={src}
      alt={`Map of ${props.label}`}
      width={STATIC_MAP_DEFAULT_WIDTH}
      height={STATIC_MAP_DEFAULT_HEIGHT}
      loading="lazy"
      className={cn(
        "h-auto w-full max-w-[400px] rounded-md border border-border bg-muted",
        props.className,
      )}
    />
  );
}
