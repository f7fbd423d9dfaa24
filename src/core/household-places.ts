// Where a household stands on the map: its people who live close together share one marker, at
// the place of the one who has been in Tend longest; someone living elsewhere keeps their own.
import { HOUSEHOLD_PLACE_KM } from "./constants";
import { distanceKm, pointOf, type LngLat } from "./map";

type Placeable = {
  id: string;
  createdAt: string;
  latitude: number | null;
  longitude: number | null;
};
/** Oldest first: the order a household's people are placed, listed and named in. */
function byAge(a: Placeable, b: Placeable): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

type HouseholdRef = { id: string; name: string; members: readonly { id: string }[] };

/** A shared place: its marker's key (the first member's id), the household and where it stands. */
export type SharedPlace = { key: string; household: { id: string; name: string }; at: LngLat };

/**
 * The shared place of each contact who shares one. Members are taken oldest first; each joins the
 * first place within HOUSEHOLD_PLACE_KM of them or starts its own, and a place held by one person
 * alone is no shared place. Adding or removing someone else never moves the marker.
 */
export function findSharedPlaces(
  contacts: readonly Placeable[],
  households: readonly HouseholdRef[],
): Map<string, SharedPlace> {
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const shared = new Map<string, SharedPlace>();
  for (const household of households) {
    const placed = household.members
      .flatMap((m) => {
        const contact = byId.get(m.id);
        const point = contact ? pointOf(contact) : null;
        return contact && point ? [{ contact, point }] : [];
      })
      .sort((a, b) => byAge(a.contact, b.contact));
    const places: { place: SharedPlace; ids: string[] }[] = [];
    for (const { contact, point } of placed) {
      const near = places.find((p) => distanceKm(p.place.at, point) <= HOUSEHOLD_PLACE_KM);
      if (near) near.ids.push(contact.id);
      else {
        const ref = { id: household.id, name: household.name };
        places.push({ place: { key: contact.id, household: ref, at: point }, ids: [contact.id] });
      }
    }
    for (const { place, ids } of places) {
      if (ids.length > 1) for (const id of ids) shared.set(id, place);
    }
  }
  return shared;
}

/** One marker: everyone standing at it (those shown), with their household when they share it. */
export type PlaceMarker = {
  key: string;
  at: LngLat;
  memberIds: string[];
  household: { id: string; name: string } | null;
};

/**
 * The markers for the contacts shown (after any filter): one per person, but one per shared
 * place for the people of a household who share it (oldest first). A shared place with one
 * person shown is that person's marker, at the household's place.
 */
export function placeMarkers(
  shown: readonly Placeable[],
  shared: ReadonlyMap<string, SharedPlace>,
): PlaceMarker[] {
  const markers = new Map<string, PlaceMarker>();
  for (const contact of shown) {
    const point = pointOf(contact);
    if (!point) continue;
    const place = shared.get(contact.id);
    const key = place?.key ?? contact.id;
    const marker = markers.get(key);
    if (marker) marker.memberIds.push(contact.id);
    else
      markers.set(key, {
        key,
        at: place?.at ?? point,
        memberIds: [contact.id],
        household: place?.household ?? null,
      });
  }
  const list = [...markers.values()];
  const byId = new Map(shown.map((c) => [c.id, c]));
  for (const marker of list) {
    if (marker.memberIds.length === 1) marker.household = null;
    else marker.memberIds.sort((a, b) => byAge(byId.get(a)!, byId.get(b)!));
  }
  return list;
}
