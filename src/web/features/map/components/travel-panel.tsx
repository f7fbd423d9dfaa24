// Travel mode (ours): pick a place and a radius, see who lives within it nearest
// first and who of them is due, and act per person (the route supplies the actions).
// `/app/map?near=Lisbon` opens it on the first place the geocoder finds for the text.
import { useQuery } from "@tanstack/react-query";
import { Plane } from "lucide-react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import {
  TRAVEL_RADIUS_DEFAULT_KM,
  TRAVEL_RADIUS_MAX_KM,
  TRAVEL_RADIUS_MIN_KM,
} from "../../../../core/constants";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { clampRadiusKm, itemsWithin, type LngLat } from "../../../../core/map";
import type { Place } from "../../../../core/places";
import type { DueState } from "../../../../core/rhythm";
import { LocationSearch } from "../../../components/location-search";
import { Alert } from "../../../components/ui/alert";
import { searchPlaces } from "../../../lib/geocode";

export type TripDates = { arriveOn: string; backOn: string };

function addDaysIso(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const formatKm = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function TravelPanel(props: {
  contacts: Contact[];
  today: string;
  renderStateBadge: (state: DueState) => ReactNode;
  renderActions: (contact: Contact, trip: TripDates) => ReactNode;
  onFocusPlace: (centre: LngLat) => void;
}) {
  const [params, setParams] = useSearchParams();
  const near = params.get("near") ?? "";
  const [chosen, setChosen] = useState<Place | null>(null);
  // A place picked in the search box holds while the URL names it; when the URL comes to name
  // another (back, forward, a link to /app/map?near=…), that one is looked up instead.
  const [seenNear, setSeenNear] = useState(near);
  if (near !== seenNear) {
    setSeenNear(near);
    if (chosen && chosen.name !== near) setChosen(null);
  }
  const [radiusKm, setRadiusKm] = useState(TRAVEL_RADIUS_DEFAULT_KM);
  const [arriveOn, setArriveOn] = useState(() => addDaysIso(props.today, 7));
  const [backOn, setBackOn] = useState(() => addDaysIso(props.today, 14));

  // ?near=Lisbon: the geocoder's best match for the text, unless a place was picked since.
  const fromUrl = useQuery({
    queryKey: ["map", "near", near],
    enabled: Boolean(near) && !chosen,
    queryFn: ({ signal }) => searchPlaces({ q: near, limit: 1, signal }),
    select: (places) => places[0] ?? null,
  });
  const place = chosen ?? fromUrl.data ?? null;

  // However the place was set (the search box, ?near= on opening, the URL changing), the globe
  // goes there; picking the same place again is a new object, so it goes back there too.
  const { onFocusPlace } = props;
  useEffect(() => {
    if (place) onFocusPlace({ lng: place.longitude, lat: place.latitude });
  }, [place, onFocusPlace]);

  const found = useMemo(
    () =>
      place
        ? itemsWithin(props.contacts, { lng: place.longitude, lat: place.latitude }, radiusKm)
        : [],
    [props.contacts, place, radiusKm],
  );
  const dueCount = found.filter(
    (f) => f.item.state === "overdue" || f.item.state === "due_soon",
  ).length;

  function choose(next: Place) {
    setChosen(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("near", next.name);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <section
      aria-labelledby="travel-title"
      className="grid gap-4 rounded-lg border border-border p-4"
      data-testid="travel-panel"
    >
      <h2 id="travel-title" className="flex items-center gap-2 text-xl font-semibold">
        <Plane className="size-5" aria-hidden />
        Travel mode
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor="travel-place" className="text-sm font-medium">
            Where are you going?
          </label>
          <LocationSearch
            key={near && !chosen ? `url-${near}` : "picked"}
            id="travel-place"
            defaultValue={chosen?.label ?? near}
            placeholder="A city or a country"
            onSelect={choose}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="travel-radius" className="text-sm font-medium">
            Within {radiusKm} km
          </label>
          <input
            id="travel-radius"
            type="range"
            min={TRAVEL_RADIUS_MIN_KM}
            max={TRAVEL_RADIUS_MAX_KM}
            step={25}
            value={radiusKm}
            onChange={(e) => setRadiusKm(clampRadiusKm(Number(e.target.value)))}
            className="w-full accent-primary"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="travel-arrive" className="text-sm font-medium">
            Arriving on
          </label>
          <input
            id="travel-arrive"
            type="date"
            min={props.today}
            value={arriveOn}
            onChange={(e) => setArriveOn(e.target.value)}
            className="h-10 rounded-md border border-border bg-background px-2 text-sm"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="travel-back" className="text-sm font-medium">
            Back on
          </label>
          <input
            id="travel-back"
            type="date"
            min={arriveOn || props.today}
            value={backOn}
            onChange={(e) => setBackOn(e.target.value)}
            className="h-10 rounded-md border border-border bg-background px-2 text-sm"
          />
        </div>
      </div>

      {near && !place && fromUrl.isFetched ? (
        <Alert>No place called “{near}” was found. Try the search above.</Alert>
      ) : null}
      {place ? (
        <div className="grid gap-2">
          <p className="text-sm" data-testid="travel-summary">
            {found.length === 0
              ? `No one lives within ${radiusKm} km of ${place.label}.`
              : `${found.length} ${found.length === 1 ? "person lives" : "people live"} within ${radiusKm} km of ${place.label}; ${dueCount} ${dueCount === 1 ? "is" : "are"} due.`}
          </p>
          {found.length > 0 ? (
            <ol className="grid gap-2" data-testid="travel-list">
              {found.map(({ item, distanceKm }) => (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2"
                >
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className="font-medium">{contactDisplayName(item)}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatKm.format(distanceKm)} km
                    </span>
                    {props.renderStateBadge(item.state)}
                  </div>
                  {props.renderActions(item, { arriveOn, backOn })}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
