// The map for a browser without WebGL (spec 02 §8): the same contacts on a flat SVG world
// (d3-geo, Equal Earth), so the page is never blank.
import { geoEqualEarth, geoPath } from "d3-geo";
import { useEffect, useMemo, useState } from "react";
import { loadCountries, type Countries } from "../lib/basemap";
import type { MapPoint } from "../lib/map-layers";
import { readPalette } from "../lib/map-palette";

const WIDTH = 960;
const HEIGHT = 470;

export function FlatMap(props: {
  points: MapPoint[];
  isDark: boolean;
  onSelect: (id: string) => void;
}) {
  const [countries, setCountries] = useState<Countries | null>(null);
  useEffect(() => {
    let isCancelled = false;
    loadCountries()
      .then((c) => !isCancelled && setCountries(c))
      .catch(() => undefined); // The contacts still show on the ocean.
    return () => {
      isCancelled = true;
    };
  }, []);
  const palette = readPalette(props.isDark);
  const projection = useMemo(
    () => geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: "Sphere" }),
    [],
  );
  const path = useMemo(() => geoPath(projection), [projection]);

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-full w-full"
      data-testid="flat-map"
      role="group"
      aria-label="Flat map of your contacts"
    >
      <path d={path({ type: "Sphere" }) ?? ""} fill={palette.ocean} />
      {countries?.features.map((f, i) => (
        <path
          key={String(f.id ?? i)}
          d={path(f) ?? ""}
          fill={palette.land}
          stroke={palette.border}
          strokeWidth={0.5}
        >
          <title>{f.properties.name}</title>
        </path>
      ))}
      {props.points.map((p) => {
        const xy = projection([p.lng, p.lat]);
        if (!xy) return null;
        return (
          <circle
            key={p.id}
            cx={xy[0]}
            cy={xy[1]}
            r={p.people > 1 ? 9 : 6}
            fill={palette.state[p.state]}
            stroke={palette.halo}
            strokeWidth={1.5}
            role="button"
            tabIndex={0}
            aria-label={p.name}
            data-testid="flat-marker"
            className="cursor-pointer focus:outline-none focus-visible:stroke-[3]"
            onClick={() => props.onSelect(p.id)}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                props.onSelect(p.id);
              }
            }}
          />
        );
      })}
    </svg>
  );
}
