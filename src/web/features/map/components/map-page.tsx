// /app/map: everyone with a place on a globe coloured by who is due, filters by state and tag,
// an accessible list of who is in view, and the card of the one you pick (or of a household's
// people who share a marker). The contacts, households and cards come from the route (features
// do not import each other).
import { formatWholeNumber } from "../../../../core/plural";
import { RotateCw } from "lucide-react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { countTags } from "../../../../core/contact-list";
import { householdLabel } from "../../../../core/household-names";
import {
  findSharedPlaces,
  placeMarkers,
  type PlaceMarker,
} from "../../../../core/household-places";
import { chooseStartPosition, pointOf, type LngLat } from "../../../../core/map";
import { DUE_STATE_LABELS, DUE_STATES, type DueState } from "../../../../core/rhythm";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { lazyComponent, lazyModule } from "../../../lib/lazy";
import { getMapConfig, MAP_CONFIG_KEY, useMapConfig } from "../api/get-map-config";
import { loadCountries } from "../lib/basemap";
import { loadMapLibre } from "../lib/load-maplibre";
import { useIsDark, usePrefersReducedMotion } from "../hooks/use-is-dark";
import { urgencyOf, type MapPoint } from "../lib/map-layers";
import { forgetMapToken, resolveMapToken } from "../lib/map-token";
import { TravelPanel, type TripDates } from "./travel-panel";
import type { VendorStyle } from "./globe-map";

// The globe's module is usually in by the time the page renders (preloadGlobeFiles).
const globeModule = lazyModule(() => import("./globe-map"));
const GlobeMap = lazyComponent(globeModule, (m) => m.GlobeMap);
// Only a browser without WebGL (or a refused token) needs the flat map and d3-geo.
const FlatMap = lazyComponent(
  () => import("./flat-map"),
  (m) => m.FlatMap,
);

function MapLoading() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner label="Loading the map" />
    </div>
  );
}

export const NO_WEBGL_TEXT = "Your browser does not support Mapbox GL";

let webGLProbe: boolean | undefined;

/** Probed once per page load: a WebGL context is slow to make in software rendering. */
function hasWebGL(): boolean {
  if (webGLProbe === undefined) {
    try {
      webGLProbe = Boolean(document.createElement("canvas").getContext("webgl2"));
    } catch {
      webGLProbe = false;
    }
  }
  return webGLProbe;
}

/**
 * The globe's own files (its code, MapLibre with its worker started, the world outline), asked
 * for as the route's module loads, while the access gate still waits for the session.
 */
export function preloadGlobeFiles(): void {
  Promise.all([globeModule.preload(), loadMapLibre(), loadCountries()]).catch(() => {
    // The page shows the failure when it renders the globe.
  });
  hasWebGL();
}

/** Called by the route as it starts loading the contacts: the map's settings load alongside. */
export function preloadMapPage(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({ queryKey: MAP_CONFIG_KEY, queryFn: getMapConfig });
  preloadGlobeFiles();
}

const IN_VIEW_SHOWN = 50;
const UNPLACED_SHOWN = 100;

/** The place as the contact has it written ("Springfeld, Narnia"), or "" when there is none. */
function placeText(c: Contact): string {
  return [c.city, c.region, c.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

const NO_CONTACTS: Contact[] = [];
const NO_HOUSEHOLDS: HouseholdRef[] = [];

type HouseholdRef = { id: string; name: string; members: readonly { id: string }[] };

/** The marker's point: its most urgent person's state; a household named with its people. */
function pointOfMarker(marker: PlaceMarker, people: Contact[]): MapPoint {
  const state = people.map((c) => c.state).reduce((a, b) => (urgencyOf(b) > urgencyOf(a) ? b : a));
  const name = marker.household
    ? householdLabel(
        marker.household.name,
        people.map((c) => c.firstName || contactDisplayName(c)),
      )
    : contactDisplayName(people[0]!);
  return { id: marker.key, name, state, people: people.length, ...marker.at };
}

export function MapPage(props: {
  /** Null while they load: the page and the globe show meanwhile. */
  contacts: Contact[] | null;
  renderStateBadge: (state: DueState) => ReactNode;
  /** Households, so their people who live together share a marker and a card. */
  households?: readonly HouseholdRef[];
  /** The card of one person, or of a household's people at one marker (`household` set). */
  renderCard: (
    people: Contact[],
    household: { id: string; name: string } | null,
    close: () => void,
  ) => ReactNode;
  renderTripActions: (contact: Contact, trip: TripDates) => ReactNode;
  /** The user's today, with the contacts. */
  today: string | null;
}) {
  const contacts = props.contacts ?? NO_CONTACTS;
  const isLoading = props.contacts === null;
  const config = useMapConfig();
  const isDark = useIsDark();
  const prefersReducedMotion = usePrefersReducedMotion();
  const canUseWebGL = hasWebGL();
  const [hasFailed, setHasFailed] = useState(false);
  const [hasTokenError, setHasTokenError] = useState(false);
  const [isRotating, setIsRotating] = useState(false);
  const [state, setState] = useState<DueState | "">("");
  const [tag, setTag] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [visibleIds, setVisibleIds] = useState<string[] | null>(null);

  // Reduced motion: never rotate, whatever was switched on.
  const isSpinning = isRotating && !prefersReducedMotion;

  // The vendor style and its token (spec 02 §7 order); null: the offline basemap.
  const vendorQuery = useQuery({
    queryKey: ["map", "vendor", config.data?.styleUrl ?? null],
    enabled: config.isFetched,
    queryFn: async (): Promise<VendorStyle | null> => {
      const styleUrl = config.data?.styleUrl;
      if (!styleUrl) return null;
      const token = await resolveMapToken(async () => config.data?.token ?? null);
      return { styleUrl, token };
    },
  });
  const vendor: VendorStyle | null | undefined = config.isError ? null : vendorQuery.data;
  // A refused token is not kept by a cache either: once this page closes, the next visit asks the
  // server again (removing the queries while the map shows would reload it).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasTokenError) return;
    return () => {
      queryClient.removeQueries({ queryKey: MAP_CONFIG_KEY });
      queryClient.removeQueries({ queryKey: ["map", "vendor"] });
    };
  }, [hasTokenError, queryClient]);

  const tags = useMemo(() => countTags(contacts), [contacts]);
  const filtered = useMemo(
    () =>
      contacts.filter(
        (c) =>
          (!state || c.state === state) &&
          (!tag || c.tags.some((t) => t.toLocaleLowerCase() === tag.toLocaleLowerCase())),
      ),
    [contacts, state, tag],
  );
  const byId = useMemo(() => new Map(contacts.map((c) => [c.id, c])), [contacts]);
  const households = props.households ?? NO_HOUSEHOLDS;
  const shared = useMemo(() => findSharedPlaces(contacts, households), [contacts, households]);
  const markers = useMemo(() => placeMarkers(filtered, shared), [filtered, shared]);
  const markerByKey = useMemo(() => new Map(markers.map((m) => [m.key, m])), [markers]);
  const peopleOf = useCallback(
    (marker: PlaceMarker) => marker.memberIds.flatMap((id) => byId.get(id) ?? []),
    [byId],
  );
  const points = useMemo<MapPoint[]>(
    () => markers.map((m) => pointOfMarker(m, peopleOf(m))),
    [markers, peopleOf],
  );
  const placedCount = useMemo(() => points.reduce((n, p) => n + p.people, 0), [points]);
  // Who has no coordinates: those whose written place we could not find, apart from those with
  // no place at all.
  const { unfound, unplaced } = useMemo(() => {
    const lists = { unfound: [] as Contact[], unplaced: [] as Contact[] };
    for (const c of contacts) {
      if (pointOf(c)) continue;
      (placeText(c) ? lists.unfound : lists.unplaced).push(c);
    }
    return lists;
  }, [contacts]);
  // The selection is a marker's key; someone the filters now hide keeps their own card open.
  const selectedMarker = selectedId ? markerByKey.get(selectedId) : undefined;
  const selectedAlone = selectedId && !selectedMarker ? byId.get(selectedId) : undefined;
  const selected = selectedMarker ? peopleOf(selectedMarker) : selectedAlone ? [selectedAlone] : [];
  const inView = useMemo(() => {
    const keys = visibleIds ?? markers.map((m) => m.key);
    return keys.flatMap((key) => {
      const marker = markerByKey.get(key);
      return marker ? marker.memberIds.map((id) => ({ contact: byId.get(id)!, key })) : [];
    });
  }, [visibleIds, markers, markerByKey, byId]);

  const start = useMemo(
    () =>
      chooseStartPosition({
        profile: config.data?.home ?? null,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        locale: navigator.language,
      }),
    [config.data?.home],
  );
  const close = useCallback(() => setSelectedId(null), []);
  // Travel mode's place: the globe flies there.
  const [focus, setFocus] = useState<LngLat | null>(null);
  const showFlat = !canUseWebGL || hasFailed;

  return (
    <section aria-labelledby="map-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="map-title" className="text-3xl font-bold">
            World Map
          </h1>
          {isLoading ? (
            <Spinner label="Loading your contacts" />
          ) : (
            <p className="text-sm text-muted-foreground">
              {formatWholeNumber(placedCount)} of {formatWholeNumber(contacts.length)} contacts on
              the map
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-medium">
            State
            <select
              className="h-9 rounded-md border border-border bg-background px-2 text-sm"
              value={state}
              onChange={(e) => setState(e.target.value as DueState | "")}
            >
              <option value="">All states</option>
              {DUE_STATES.map((s) => (
                <option key={s} value={s}>
                  {DUE_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Tag
            <select
              className="h-9 max-w-40 rounded-md border border-border bg-background px-2 text-sm"
              value={tag}
              onChange={(e) => setTag(e.target.value)}
            >
              <option value="">All tags</option>
              {tags.map((t) => (
                <option key={t.tag} value={t.tag}>
                  {t.tag} ({t.count})
                </option>
              ))}
            </select>
          </label>
          {!showFlat && !prefersReducedMotion ? (
            <Button
              variant="outline"
              aria-pressed={isSpinning}
              onClick={() => setIsRotating((on) => !on)}
            >
              <RotateCw aria-hidden />
              {isSpinning ? "Stop rotating" : "Rotate globe"}
            </Button>
          ) : null}
        </div>
      </div>

      {!canUseWebGL ? <Alert>{NO_WEBGL_TEXT}</Alert> : null}
      {hasTokenError ? (
        <Alert data-testid="map-token-error">
          The map service refused its access token, so this is the offline map.
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="relative h-[55vh] min-h-80 overflow-hidden rounded-lg border border-border bg-muted">
          {showFlat ? (
            <Suspense fallback={<MapLoading />}>
              <FlatMap points={points} isDark={isDark} onSelect={setSelectedId} />
            </Suspense>
          ) : vendor === undefined ? (
            <MapLoading />
          ) : (
            <Suspense fallback={<MapLoading />}>
              <GlobeMap
                points={points}
                start={start}
                isDark={isDark}
                vendor={hasTokenError ? null : vendor}
                isRotating={isSpinning}
                focus={focus}
                onRotationStop={() => setIsRotating(false)}
                onSelect={setSelectedId}
                onVisibleChange={setVisibleIds}
                onFailed={() => setHasFailed(true)}
                onTokenError={() => {
                  // Refused: no cache keeps it, so the next load asks the server again.
                  forgetMapToken();
                  setHasTokenError(true);
                }}
              />
            </Suspense>
          )}
          {selected.length > 0 ? (
            <div className="absolute inset-x-2 bottom-2 z-20 max-h-[calc(100%-1rem)] overflow-y-auto rounded-lg sm:left-auto sm:w-80">
              {props.renderCard(selected, selectedMarker?.household ?? null, close)}
            </div>
          ) : null}
        </div>

        <aside aria-labelledby="in-view-title" className="grid content-start gap-2">
          <h2 id="in-view-title" className="text-lg font-semibold">
            In view{isLoading ? "" : ` (${formatWholeNumber(inView.length)})`}
          </h2>
          {isLoading ? null : inView.length === 0 ? (
            <p className="text-sm text-muted-foreground">No one with a place in this view.</p>
          ) : (
            <ul
              className="grid max-h-[50vh] grid-cols-[minmax(0,1fr)] gap-1 overflow-y-auto"
              data-testid="in-view-list"
            >
              {inView.slice(0, IN_VIEW_SHOWN).map(({ contact: c, key }) => (
                <li key={c.id} className="flex items-center justify-between gap-2">
                  <button
                    type="button"
                    className="truncate rounded px-1 text-left text-sm underline-offset-2 hover:underline focus-visible:outline-2"
                    onClick={() => setSelectedId(key)}
                  >
                    {contactDisplayName(c)}
                  </button>
                  <span className="shrink-0">{props.renderStateBadge(c.state)}</span>
                </li>
              ))}
            </ul>
          )}
          {inView.length > IN_VIEW_SHOWN ? (
            <p className="text-sm text-muted-foreground">
              and {formatWholeNumber(inView.length - IN_VIEW_SHOWN)} more: zoom in or filter to see
              them.
            </p>
          ) : null}
          {unfound.length > 0 ? (
            <details className="mt-2 rounded-md border border-border p-2 text-sm">
              <summary className="cursor-pointer" data-testid="unfound-summary">
                {unfound.length === 1
                  ? "1 contact we couldn't place — check their place"
                  : `${formatWholeNumber(unfound.length)} contacts we couldn't place — check their places`}
              </summary>
              <ul className="mt-2 grid max-h-48 gap-2 overflow-y-auto" data-testid="unfound-list">
                {unfound.slice(0, UNPLACED_SHOWN).map((c) => (
                  <li key={c.id} className="grid min-w-0">
                    <span className="truncate">
                      {contactDisplayName(c)}:{" "}
                      <span className="text-muted-foreground">{placeText(c)}</span>
                    </span>
                    <Link
                      className="justify-self-start underline"
                      to={`/app/contacts/${c.id}?edit=place`}
                    >
                      Fix the place<span className="sr-only"> of {contactDisplayName(c)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {unplaced.length > 0 ? (
            <details className="mt-2 rounded-md border border-border p-2 text-sm">
              <summary className="cursor-pointer" data-testid="unplaced-summary">
                {unplaced.length === 1
                  ? "1 contact has no place yet — add one"
                  : `${formatWholeNumber(unplaced.length)} contacts have no place yet — add one`}
              </summary>
              <ul className="mt-2 grid max-h-48 gap-1 overflow-y-auto">
                {unplaced.slice(0, UNPLACED_SHOWN).map((c) => (
                  <li key={c.id}>
                    <Link className="underline" to={`/app/contacts/${c.id}?edit=place`}>
                      {contactDisplayName(c)}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </aside>
      </div>
      {props.today === null ? null : (
        <TravelPanel
          contacts={contacts}
          today={props.today}
          renderStateBadge={props.renderStateBadge}
          renderActions={props.renderTripActions}
          onFocusPlace={setFocus}
        />
      )}
    </section>
  );
}
