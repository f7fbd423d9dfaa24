// The map for a browser without WebGL (spec 02 §8): the same contacts on a flat SVG world
// (d3-geo, Equal Earth), so the page is never blank.
import { geoEqualEarth, geoPath } from "d3-geo";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { loadCountries, type Countries } from "../lib/basemap";
import type { MapPoint } from "../lib/map-layers";
import { readPalette } from "../lib/map-palette";

const WIDTH = 960;
const HEIGHT = 470;

/** Marker sizes in screen pixels, as on the globe: a household's ring is the thicker one. */
const PX = { radius: 8, householdRadius: 12, ring: 2, householdRing: 4, countSize: 12 };

/** A household's name for its marker: it says it is a household and how many people it holds. */
function flatMarkerLabel(point: Pick<MapPoint, "name" | "people">): string {
  return point.people > 1 ? `${point.name}: household of ${point.people} people` : point.name;
}

/** Screen pixels per viewBox unit: the world is drawn to fit, so markers keep their size. */
function useScale(ref: RefObject<SVGSVGElement | null>): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && height > 0) setScale(Math.min(width / WIDTH, height / HEIGHT));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return scale;
}

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
  const svgRef = useRef<SVGSVGElement>(null);
  const unit = 1 / useScale(svgRef);
  // Nothing clusters here: a household's larger marker goes under a neighbour's, not over it.
  const drawOrder = useMemo(
    () => [...props.points].sort((a, b) => b.people - a.people),
    [props.points],
  );

  return (
    <svg
      ref={svgRef}
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
      {drawOrder.map((p) => {
        const xy = projection([p.lng, p.lat]);
        if (!xy) return null;
        const isHousehold = p.people > 1;
        const radius = (isHousehold ? PX.householdRadius : PX.radius) * unit;
        const ring = (isHousehold ? PX.householdRing : PX.ring) * unit;
        return (
          <g
            key={p.id}
            role="button"
            tabIndex={0}
            aria-label={flatMarkerLabel(p)}
            data-testid="flat-marker"
            data-people={p.people}
            className="cursor-pointer"
            onClick={() => props.onSelect(p.id)}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                props.onSelect(p.id);
              }
            }}
          >
            <circle
              cx={xy[0]}
              cy={xy[1]}
              r={radius}
              fill={palette.state[p.state]}
              stroke={palette.halo}
              strokeWidth={ring}
            />
            {isHousehold && (
              <text
                x={xy[0]}
                y={xy[1]}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={PX.countSize * unit}
                fontWeight={600}
                fill={palette.halo}
                aria-hidden="true"
                className="pointer-events-none select-none"
              >
                {p.people}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
