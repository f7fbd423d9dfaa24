// The globe: MapLibre on the globe projection, loaded only when this component mounts (the
// library is a chunk of its own). Offline basemap by default; a vendor style when configured,
// falling back to the offline one on a token error (spec 02 §8).
import type * as MapLibre from "maplibre-gl";
import type {
  GeoJSONSource,
  Map as MapLibreMap,
  MapLayerMouseEvent,
  StyleSpecification,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from "../../../../core/constants";
import {
  distanceKm,
  spinDegreesPerSecond,
  styleTierForZoom,
  tileCacheSizeFor,
  type LngLat,
  type MapStyleTier,
  type StartPosition,
} from "../../../../core/map";
import { countriesForGlobe, loadCountries, type Countries } from "../lib/basemap";
import { loadMapLibre } from "../lib/load-maplibre";
import { isIgnorableMapError, isTokenError, reportMapError } from "../lib/map-errors";
import {
  applyPalette,
  CONTACTS_SOURCE,
  contactLayers,
  contactsSource,
  LAYER,
  offlineStyle,
  pointsToGeoJson,
  type MapPoint,
} from "../lib/map-layers";
import { readPalette } from "../lib/map-palette";

export type VendorStyle = { styleUrl: string; token: string | null };

const VENDOR_STYLE_NAMES: Record<MapStyleTier, (isDark: boolean) => string> = {
  base: (isDark) => (isDark ? "dark" : "light"),
  streets: () => "streets",
  satellite: () => "satellite-streets",
};

/** The vendor style for a tier: `{style}` in the URL names it (light, dark, streets…). */
export function vendorStyleUrl(template: string, tier: MapStyleTier, isDark: boolean): string {
  return template.replaceAll("{style}", VENDOR_STYLE_NAMES[tier](isDark));
}

/** Past ~81° from the centre a place is behind the globe at any zoom. */
const VISIBLE_ARC_KM = 9_000;

/**
 * Who is in view: drawn inside the map's box, on the side of the globe the camera sees. A narrow
 * phone at zoom 2 shows part of a hemisphere, so "in view" is what is on screen, not what lies
 * within a distance of the centre. A place behind the globe projects onto the screen too; read
 * back, that pixel is a place on the near side, so it is told apart by where it comes back.
 */
function pointsInView(map: MapLibreMap, points: readonly MapPoint[]): string[] {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const centre = map.getCenter();
  return points
    .filter((p) => {
      if (distanceKm(centre, p) >= VISIBLE_ARC_KM) return false;
      const pixel = map.project([p.lng, p.lat]);
      if (pixel.x < 0 || pixel.x > width || pixel.y < 0 || pixel.y > height) return false;
      const back = map.unproject(pixel);
      return distanceKm(back, p) < 1;
    })
    .map((p) => p.id);
}

/**
 * Moves a view that shows none of the contacts to one that shows them all: the start the spec
 * orders (profile, time zone, language) can lie far from everyone the user knows.
 */
function fitToPointsIfNoneInView(map: MapLibreMap, points: readonly MapPoint[]): void {
  if (points.length === 0 || pointsInView(map, points).length > 0) return;
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  map.fitBounds(
    [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
    { padding: 40, maxZoom: FIT_MAX_ZOOM, animate: false },
  );
}

/** Close enough to tell a city's contacts apart, not so close the place loses its context. */
const FIT_MAX_ZOOM = 8;

export function GlobeMap(props: {
  points: MapPoint[];
  start: StartPosition;
  isDark: boolean;
  vendor: VendorStyle | null;
  isRotating: boolean;
  /** A place to fly to (travel mode). */
  focus: LngLat | null;
  onRotationStop: () => void;
  onSelect: (id: string) => void;
  onVisibleChange: (ids: string[]) => void;
  onFailed: () => void;
  onTokenError: () => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [hovered, setHovered] = useState<{ name: string; x: number; y: number } | null>(null);
  const [isReady, setIsReady] = useState(false);
  /** The style and its sources are in (before `load`, which waits for the first full frame). */
  const [hasStyle, setHasStyle] = useState(false);
  const [basemap, setBasemap] = useState<string>("");
  /** The points the contacts source holds. */
  const styledPoints = useRef<readonly MapPoint[] | null>(null);
  /** The start view was checked against the contacts (or the user moved the map first). */
  const isStartSettled = useRef(false);
  // With a vendor, the base tier has a light and a dark style: a theme change fetches the other.
  const restyleForTheme = useRef<(() => void) | null>(null);

  // Create the map once; later prop changes update it in place.
  useEffect(() => {
    let isCancelled = false;
    let map: MapLibreMap | null = null;
    const container = containerRef.current;
    if (!container) return;

    void (async () => {
      let maplibregl: typeof MapLibre;
      let countries: Countries;
      try {
        [maplibregl, countries] = await Promise.all([
          loadMapLibre(),
          loadCountries().then(countriesForGlobe),
        ]);
      } catch (error) {
        if (isCancelled) return;
        reportMapError("init", error);
        latest.current.onFailed();
        return;
      }
      if (isCancelled) return;
      const initial = latest.current;
      const palette = readPalette(initial.isDark);
      const offline = offlineStyle(palette, countries, initial.points);
      styledPoints.current = initial.points;
      let vendor = initial.vendor;
      let tier: MapStyleTier = styleTierForZoom(initial.start.zoom);

      function vendorStyle(): string | StyleSpecification {
        return vendor ? vendorStyleUrl(vendor.styleUrl, tier, latest.current.isDark) : offline;
      }

      // Past 2 device pixels per CSS pixel the globe costs more than anyone can see.
      const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
      try {
        map = new maplibregl.Map({
          container,
          style: vendor ? undefined : offline,
          center: [initial.start.center.lng, initial.start.center.lat],
          zoom: initial.start.zoom,
          minZoom: MAP_MIN_ZOOM,
          maxZoom: MAP_MAX_ZOOM,
          maxTileCacheSize: tileCacheSizeFor(tier),
          attributionControl: false,
          // Counts appear at once, without a fade.
          fadeDuration: 0,
          pixelRatio,
          transformRequest: (url) => {
            if (!vendor?.token) return { url };
            const target = new URL(url, window.location.href);
            if (target.origin !== new URL(vendor.styleUrl, window.location.href).origin)
              return { url };
            target.searchParams.set("access_token", vendor.token);
            return { url: target.toString() };
          },
        });
      } catch (error) {
        reportMapError("init", error);
        latest.current.onFailed();
        return;
      }
      mapRef.current = map;
      // The instance, for the browser tests and for debugging from the console.
      Object.defineProperty(container, "maplibreMap", { value: map, configurable: true });
      const m = map;

      function swapToOffline() {
        vendor = null;
        const now = readPalette(latest.current.isDark);
        styledPoints.current = latest.current.points;
        m.setStyle(offlineStyle(now, countries, latest.current.points));
        setBasemap(now.theme);
      }

      // A vendor style carries no contacts: each swap keeps ours on top.
      let styledDark = initial.isDark;
      function setVendorStyle() {
        styledDark = latest.current.isDark;
        m.setStyle(vendorStyle(), {
          transformStyle: (_previous, next) => {
            styledPoints.current = latest.current.points;
            return {
              ...next,
              projection: { type: "globe" },
              sources: {
                ...next.sources,
                [CONTACTS_SOURCE]: contactsSource(latest.current.points),
              },
              layers: [...next.layers, ...contactLayers(readPalette(latest.current.isDark))],
            };
          },
        });
      }

      if (vendor) setVendorStyle();
      restyleForTheme.current = () => {
        if (vendor && tier === "base" && styledDark !== latest.current.isDark) setVendorStyle();
      };

      m.once("style.load", () => setHasStyle(true));

      m.on("error", (event) => {
        const error = event.error;
        if (vendor && isTokenError(error)) {
          latest.current.onTokenError();
          swapToOffline();
          return;
        }
        if (isIgnorableMapError(error)) return;
        reportMapError("runtime", error);
      });

      m.on("load", () => {
        try {
          m.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), "top-right");
          setIsReady(true);
          setBasemap(vendor ? "vendor" : palette.theme);
          latest.current.onVisibleChange(pointsInView(m, latest.current.points));
        } catch (error) {
          reportMapError("setup", error);
        }
      });

      m.on("zoomend", () => {
        if (!vendor) return;
        const next = styleTierForZoom(m.getZoom());
        if (next === tier) return;
        tier = next;
        m._maxTileCacheSize = tileCacheSizeFor(tier);
        setVendorStyle();
      });

      m.on("moveend", () => {
        latest.current.onVisibleChange(pointsInView(m, latest.current.points));
        spin();
      });

      // A cluster zooms in to where it splits; a single contact opens its card.
      m.on("click", LAYER.markers, (event: MapLayerMouseEvent) => {
        const feature = event.features?.[0];
        const clusterId = feature?.properties?.cluster_id as number | undefined;
        if (clusterId === undefined) {
          const id = feature?.properties?.id as string | undefined;
          if (id) latest.current.onSelect(id);
          return;
        }
        const source = m.getSource(CONTACTS_SOURCE);
        if (!source || source.type !== "geojson") return;
        void (source as GeoJSONSource)
          .getClusterExpansionZoom(clusterId)
          .then((zoom) => {
            const [lng, lat] = (feature?.geometry as GeoJSON.Point).coordinates as [number, number];
            m.easeTo({ center: [lng, lat], zoom: Math.min(zoom, MAP_MAX_ZOOM) });
          })
          .catch((error: unknown) => reportMapError("runtime", error));
      });
      m.on("mouseenter", LAYER.markers, () => (m.getCanvas().style.cursor = "pointer"));
      m.on("mouseleave", LAYER.markers, () => (m.getCanvas().style.cursor = ""));
      m.on("mousemove", LAYER.land, (event: MapLayerMouseEvent) => {
        // While a button is down the globe is being dragged: no tooltip re-render per event.
        if (event.originalEvent.buttons !== 0) {
          setHovered(null);
          return;
        }
        const name = event.features?.[0]?.properties?.name as string | undefined;
        setHovered(name ? { name, x: event.point.x, y: event.point.y } : null);
      });
      m.on("mouseleave", LAYER.land, () => setHovered(null));

      // Rotation (spec 02 §9): eases a second at a time while on; any touch of the map ends it.
      function spin() {
        if (!latest.current.isRotating) return;
        const degrees = spinDegreesPerSecond(m.getZoom());
        if (degrees <= 0) return;
        const centre = m.getCenter();
        m.easeTo({
          center: [centre.lng - degrees, centre.lat],
          duration: 1000,
          easing: (n) => n,
        });
      }
      for (const type of ["mousedown", "touchstart", "wheel", "dragstart"] as const) {
        m.on(type, () => {
          isStartSettled.current = true;
          if (latest.current.isRotating) latest.current.onRotationStop();
        });
      }
      container.addEventListener("keydown", () => {
        if (latest.current.isRotating) latest.current.onRotationStop();
      });
      (m as MapLibreMap & { spin?: () => void }).spin = spin;
    })();

    return () => {
      isCancelled = true;
      map?.remove();
      mapRef.current = null;
    };
  }, []);

  // Contacts changed (they arrived, a filter, a logged contact): new data, same map, sent as soon
  // as the style has its source. The points the style was built with are already there.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !hasStyle) return;
    const source = map.getSource(CONTACTS_SOURCE);
    if (source && source.type === "geojson" && styledPoints.current !== props.points) {
      styledPoints.current = props.points;
      void (source as GeoJSONSource).setData(pointsToGeoJson(props.points));
    }
    if (!isStartSettled.current && props.points.length > 0) {
      isStartSettled.current = true;
      fitToPointsIfNoneInView(map, props.points);
    }
    props.onVisibleChange(pointsInView(map, props.points));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callback is read fresh
  }, [props.points, hasStyle]);

  // Theme changed: re-colour the basemap and the markers.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isReady) return;
    const palette = readPalette(props.isDark);
    applyPalette(map, palette);
    restyleForTheme.current?.();
    setBasemap((current) => (current === "vendor" ? current : palette.theme));
  }, [props.isDark, isReady]);

  // Travel mode picked a place: fly there (a plain jump when motion is reduced).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isReady || !props.focus) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const target = { center: [props.focus.lng, props.focus.lat] as [number, number], zoom: 6 };
    if (reduce) map.jumpTo(target);
    else map.flyTo({ ...target, duration: 1500 });
  }, [props.focus, isReady]);

  // Rotation switched on: start the first step (each moveend takes the next). Switched off: stop
  // the step under way, and only then: stopping whenever the map became ready cut short the
  // flight to travel mode's place when it started in the same render.
  const wasRotating = useRef(false);
  useEffect(() => {
    const map: (MapLibreMap & { spin?: () => void }) | null = mapRef.current;
    if (map && isReady && props.isRotating) map.spin?.();
    if (map && !props.isRotating && wasRotating.current) map.stop();
    wasRotating.current = props.isRotating;
  }, [props.isRotating, isReady]);

  return (
    <div className="relative h-full w-full">
      <div
        ref={containerRef}
        className="h-full w-full"
        data-testid="globe"
        data-ready={isReady ? "true" : "false"}
        data-basemap={basemap}
        role="region"
        aria-label="Globe of your contacts (the list beside it has the same people)"
      />
      {hovered ? (
        <div
          data-testid="country-name"
          className="pointer-events-none absolute z-10 rounded bg-card px-2 py-1 text-xs font-medium text-card-foreground shadow"
          style={{ left: hovered.x + 12, top: hovered.y + 12 }}
        >
          {hovered.name}
        </div>
      ) : null}
    </div>
  );
}
