// React keys for the contact list's rows on screen (decision 225). A contact that stays on screen
// keeps its key, so its row, and the focus in it, follow it when the order changes. A contact
// that comes into view takes the key of one that left, preferably the one that was at the same
// place in the list, so React updates that row's elements where they are instead of removing
// them and building new ones (or moving them): a keystroke in the search box changes most of
// the rows on screen, and building them again was most of its cost.
//
// The key of the row that holds the focus is never given to another contact: a focused Log
// button must not turn into someone else's. That row is removed when its contact leaves the
// screen, as every row was before.

/**
 * The key of each contact in `ids` (the rows on screen, in order), given the previous keys (in
 * the order those rows were shown). The answer lists the contacts in `ids`' order.
 */
export function assignRowKeys(
  previous: ReadonlyMap<string, number>,
  ids: readonly string[],
  focusedId?: string | null,
): Map<string, number> {
  const shown = new Set(ids);
  const keyAtPlace = [...previous.values()];
  const free = new Set<number>();
  let nextKey = 0;
  for (const [id, key] of previous) {
    nextKey = Math.max(nextKey, key + 1);
    if (!shown.has(id) && id !== focusedId) free.add(key);
  }
  // A contact still shown keeps its key; one coming in takes the key freed at its own place.
  const chosen = ids.map((id) => previous.get(id));
  ids.forEach((_, at) => {
    const sameSpot = keyAtPlace[at];
    if (chosen[at] === undefined && sameSpot !== undefined && free.delete(sameSpot))
      chosen[at] = sameSpot;
  });
  // The others take the lowest keys still free, then new ones.
  const rest = [...free].sort((a, b) => a - b).values();
  return new Map(ids.map((id, at) => [id, chosen[at] ?? rest.next().value ?? nextKey++]));
}

/** Whether two key assignments give every contact the same key. */
export function sameRowKeys(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) {
  if (a.size !== b.size) return false;
  for (const [id, key] of a) if (b.get(id) !== key) return false;
  return true;
}
