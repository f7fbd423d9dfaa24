/**
 * LocationSearch — the location search of spec 02 §5, for the profile page, the contact form
 * and the world map. A combobox (WAI-ARIA 1.2 pattern) over GET /api/geocode.
 *
 * Behaviour: suggestions after GEOCODER_MIN_CHARS (3) characters, GEOCODER_DEBOUNCE_MS (200 ms)
 * after the last keystroke, at most `limit` (GEOCODER_LIMIT, 5). ArrowDown/ArrowUp move through
 * the list, Enter chooses the highlighted place (or, with none highlighted, confirms the typed
 * text; Enter never submits the surrounding form while the text is being edited), Escape
 * closes the list. Leaving the field with suggestions open shows
 * "Please choose from the list or confirm this is correct." with a button that confirms the typed
 * text. Confirmed free text is classed by the country rule: a known country name (any language,
 * or "USA", "UK"…) gives `{ kind: "country", place }`, anything else `{ kind: "city", text }`;
 * the caller clears city, street, number and region on a country (spec 02 §5).
 *
 * Props (kept stable; other screens depend on them):
 * - `onSelect(place: Place)` — required; a suggestion was chosen.
 * - `onFreeText(choice: FreeTextChoice)` — optional; typed text was confirmed (see above).
 *   Without it there is no confirm button and Enter with nothing highlighted does nothing.
 * - `defaultValue?: string` — the text shown at first (e.g. "Lisbon, Portugal"). Uncontrolled
 *   afterwards; give the component a new `key` to reset it.
 * - `onTextChange?(text: string)` — every edit of the text.
 * - `types?: PlaceType[]` — what to search (default: places and countries).
 * - `limit?: number` — default 5.
 * - `search?(options) => Promise<Place[]>` — replaces the API call (default: `searchPlaces`).
 * - `findCountry?(name, signal) => Promise<Place | null>` — replaces the country lookup.
 * - `id`, `placeholder`, `disabled`, `className`, `aria-label`, `aria-invalid`,
 *   `aria-describedby` — passed to the input (works inside `<Field>`, which supplies id/aria).
 *
 * `Place` (core/places.ts): { id, type: "place" | "region" | "country", name, label, city,
 * region, country, countryCode, latitude, longitude }.
 */
import { useQuery } from "@tanstack/react-query";
import { Loader2, MapPin } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { GEOCODER_DEBOUNCE_MS, GEOCODER_LIMIT, GEOCODER_MIN_CHARS } from "../../core/constants";
import type { Place, PlaceType } from "../../core/places";
import { findCountryByName, searchPlaces, type SearchPlacesOptions } from "../lib/geocode";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";
import { ComboboxInput, ComboboxList, comboboxTrailingIconClass } from "./ui/combobox";

export type FreeTextChoice = { kind: "country"; place: Place } | { kind: "city"; text: string };

export const CHOOSE_FROM_LIST_MESSAGE = "Please choose from the list or confirm this is correct.";

export type LocationSearchProps = {
  onSelect: (place: Place) => void;
  onFreeText?: (choice: FreeTextChoice) => void;
  defaultValue?: string;
  onTextChange?: (text: string) => void;
  types?: PlaceType[];
  limit?: number;
  search?: (options: SearchPlacesOptions) => Promise<Place[]>;
  findCountry?: (name: string, signal?: AbortSignal) => Promise<Place | null>;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function LocationSearch(props: LocationSearchProps) {
  const {
    onSelect,
    onFreeText,
    onTextChange,
    types,
    limit = GEOCODER_LIMIT,
    search = searchPlaces,
    findCountry = findCountryByName,
  } = props;
  const fallbackId = useId();
  const inputId = props.id ?? fallbackId;
  const hintId = `${inputId}-hint`;
  const [text, setText] = useState(props.defaultValue ?? "");
  // Open only after typing: a chosen or default text shows no list until it is edited.
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [showHint, setShowHint] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // Typed since the last choice: Enter then confirms the text instead of submitting a form.
  const [isEdited, setIsEdited] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const query = text.trim();
  const debounced = useDebounced(query, GEOCODER_DEBOUNCE_MS);
  const isSearchable = debounced.length >= GEOCODER_MIN_CHARS && debounced === query;
  const suggestions = useQuery({
    queryKey: ["geocode", debounced, types?.join(",") ?? "", limit],
    queryFn: ({ signal }) => search({ q: debounced, limit, types, signal }),
    enabled: isOpen && isSearchable,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const results = isSearchable ? (suggestions.data ?? []).slice(0, limit) : [];
  const isListShown = isOpen && isSearchable && results.length > 0;
  const isSearching = isOpen && query.length >= GEOCODER_MIN_CHARS && !suggestions.data;

  function changeText(next: string) {
    setText(next);
    setActive(-1);
    setIsEdited(true);
    setIsOpen(true);
    setShowHint(false);
    onTextChange?.(next);
  }

  function choose(place: Place) {
    setText(place.label);
    setIsEdited(false);
    setIsOpen(false);
    setShowHint(false);
    setActive(-1);
    onTextChange?.(place.label);
    onSelect(place);
  }

  async function confirmText() {
    if (!onFreeText || !query) return;
    setIsEdited(false);
    setIsOpen(false);
    setShowHint(false);
    setIsConfirming(true);
    try {
      const country = await findCountry(query).catch(() => null);
      onFreeText(country ? { kind: "country", place: country } : { kind: "city", text: query });
    } finally {
      setIsConfirming(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (results.length === 0) return;
      event.preventDefault();
      setIsOpen(true);
      setShowHint(false);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const n = results.length;
      setActive((i) => (step > 0 ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (event.key === "Enter") {
      if (isListShown && active >= 0 && results[active]) {
        event.preventDefault();
        choose(results[active]);
      } else if (isEdited && query && onFreeText) {
        // Enter in the search field confirms the typed text rather than submitting the form.
        event.preventDefault();
        void confirmText();
      } else if (isListShown) {
        event.preventDefault();
      }
    } else if (event.key === "Escape") {
      if (isListShown || showHint) {
        event.preventDefault();
        event.stopPropagation();
        setIsOpen(false);
        setShowHint(false);
        setActive(-1);
      }
    }
  }

  const describedBy =
    [props["aria-describedby"], showHint ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("relative", props.className)}>
      <ComboboxInput
        id={inputId}
        icon={MapPin}
        trailing={
          isSearching || isConfirming ? (
            <Loader2 aria-hidden className={comboboxTrailingIconClass("animate-spin")} />
          ) : null
        }
        inputRef={inputRef}
        isListShown={isListShown}
        activeIndex={active}
        aria-label={props["aria-label"]}
        aria-invalid={props["aria-invalid"]}
        aria-describedby={describedBy}
        placeholder={props.placeholder ?? "Search for a city or country"}
        disabled={props.disabled}
        value={text}
        onChange={(e) => changeText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (isListShown) {
            setShowHint(true);
            setIsOpen(false);
            setActive(-1);
          }
        }}
      />
      <ComboboxList
        inputId={inputId}
        label="Suggested places"
        isShown={isListShown}
        items={results}
        activeIndex={active}
        itemKey={(place) => place.id}
        onChoose={choose}
        onActivate={setActive}
        optionClassName={() => "flex-col"}
      >
        {(place) => (
          <>
            <span className="font-medium">{place.name}</span>
            <span className="text-xs text-muted-foreground">
              {place.type === "country" ? "Country" : place.label}
            </span>
          </>
        )}
      </ComboboxList>
      {showHint ? (
        <div id={hintId} className="mt-2 flex flex-wrap items-center gap-2 text-sm" role="status">
          <span className="text-muted-foreground">{CHOOSE_FROM_LIST_MESSAGE}</span>
          {onFreeText ? (
            <Button type="button" size="sm" variant="outline" onClick={() => void confirmText()}>
              Use “{query}”
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
