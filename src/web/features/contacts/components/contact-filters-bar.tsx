import { Search, SlidersHorizontal } from "lucide-react";
import {
  memo,
  Suspense,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import {
  CONTACT_SORT_LABELS,
  CONTACT_SORTS,
  countTags,
  type StateCounts,
} from "../../../../core/contact-list";
import type { Contact } from "../../../../core/contacts";
import {
  DUE_STATE_LABELS,
  DUE_STATES,
  describeRhythm,
  parseRhythmKey,
  RHYTHM_PRESETS,
  rhythmKey,
} from "../../../../core/rhythm";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input, Label, Select } from "../../../components/ui/input";
import { lazyComponent } from "../../../lib/lazy";
import { useMediaQuery, WIDER_THAN_PHONE } from "../../../lib/use-media-query";
import { cn } from "../../../lib/utils";
import type { ContactFilters } from "../hooks/use-contact-filters";

type Props = {
  contacts: Contact[];
  filters: ContactFilters;
  counts: StateCounts;
  /** How many contacts the filters let through (the phone sheet's "Show N contacts"). */
  shownCount: number;
  setFilter: (key: keyof ContactFilters, value: string | boolean | undefined) => void;
  /** Told before Enter opens the first result. */
  onOpenResult: () => void;
};

const FiltersSheet = lazyComponent(
  () => import("./contact-filters-sheet"),
  (m) => m.FiltersSheet,
);

type Options = ReturnType<typeof useOptions>;

// The results are the contact list below (ContactList), whose rows' links take the arrow keys
// from there on.
function firstResultLink(): HTMLAnchorElement | null {
  return document.querySelector<HTMLAnchorElement>(
    '[role="list"][aria-label="Contacts"] [data-index="0"] a[data-row-link]',
  );
}

function moveIntoResults(event: KeyboardEvent<HTMLInputElement>, open: (path: string) => void) {
  if (
    event.altKey ||
    event.ctrlKey ||
    event.metaKey ||
    event.shiftKey ||
    event.nativeEvent.isComposing
  )
    return;
  if (event.key !== "ArrowDown" && event.key !== "Enter") return;
  const link = firstResultLink();
  if (!link) return;
  event.preventDefault();
  if (event.key === "ArrowDown") link.focus();
  else open(link.pathname);
}

function useOptions(contacts: Contact[]) {
  return useMemo(() => {
    const rhythmKeys = new Set<string>(RHYTHM_PRESETS.map((p) => rhythmKey(p.rhythm)));
    const countries = new Map<string, string>();
    for (const c of contacts) {
      rhythmKeys.add(rhythmKey(c.rhythm));
      const label = c.country ?? c.countryCode;
      if (label) countries.set(label.toLocaleLowerCase(), label);
    }
    rhythmKeys.delete("none");
    return {
      tags: countTags(contacts),
      rhythms: [...rhythmKeys].map((key) => ({
        key,
        label: describeRhythm(parseRhythmKey(key) ?? null),
      })),
      countries: [...countries.values()].sort((a, b) => a.localeCompare(b)),
    };
  }, [contacts]);
}

// On a phone the tag, rhythm, country, sort and archived controls sit in a sheet behind a
// "Filters" button, so the list starts above the fold; wider screens show them inline. Which of
// the two shows is the stylesheet's choice, not the script's, so the page the server renders
// has the layout of every width and keeps it when the browser takes it over.
export function ContactFiltersBar(props: Props) {
  const { contacts, filters, counts, shownCount, setFilter, onOpenResult } = props;
  const options = useOptions(contacts);
  const isWide = useMediaQuery(WIDER_THAN_PHONE);
  const navigate = useNavigate();
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  // A phone turned (or a window widened) past the breakpoint shows the controls inline again.
  const isSheetShown = isSheetOpen && !isWide;
  // The sheet (a dialog) loads the first time it opens, so the list's page does not carry it.
  const [hasOpenedSheet, setHasOpenedSheet] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  // Text typed into the search box of the page the server rendered, before its code ran,
  // stays in the box but reaches no handler: it is searched for once the page
  // is live.
  const searchBox = useRef<HTMLInputElement>(null);
  const searchWhatWasTyped = useEffectEvent(() => {
    const typed = searchBox.current?.value ?? "";
    if (typed !== filters.q) setFilter("q", typed);
  });
  useEffect(() => searchWhatWasTyped(), []);
  const moreCount = [filters.tag, filters.rhythm, filters.country, filters.archived].filter(
    Boolean,
  ).length;
  // The controls behind "Filters" do not show the search: a keystroke does not render them again.
  const { tag, rhythm, country, sort, archived } = filters;
  const moreFilters = useMemo(
    () => ({ tag, rhythm, country, sort, archived }),
    [tag, rhythm, country, sort, archived],
  );
  const stateTabs = [
    ["all", counts.all] as const,
    ...DUE_STATES.map((s) => [s, counts[s]] as const),
  ];
  return (
    <div className="grid gap-3">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Label htmlFor="contact-search" className="sr-only">
            Search contacts
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={searchBox}
            id="contact-search"
            type="search"
            placeholder="Search by name, email, company, notes or tag"
            className="pl-9"
            value={filters.q}
            onChange={(e) => setFilter("q", e.target.value)}
            onKeyDown={(event) =>
              moveIntoResults(event, (path) => {
                onOpenResult();
                void navigate(path);
              })
            }
            aria-describedby="contact-search-keys"
            autoComplete="off"
          />
          <span id="contact-search-keys" className="sr-only">
            Down arrow moves into the results; Enter opens the first.
          </span>
        </div>
        <Button
          ref={filtersButton}
          variant="outline"
          className="sm:hidden"
          onClick={() => {
            setHasOpenedSheet(true);
            setIsSheetOpen(true);
          }}
        >
          <SlidersHorizontal aria-hidden />
          Filters
          {moreCount ? <span className="tabular-nums">({moreCount})</span> : null}
        </Button>
      </div>
      <div role="group" aria-label="Filter by state" className="flex flex-wrap gap-2">
        {stateTabs.map(([state, count]) => {
          const isActive = state === "all" ? !filters.state : filters.state === state;
          return (
            <Button
              key={state}
              size="sm"
              variant={isActive ? "default" : "outline"}
              aria-pressed={isActive}
              onClick={() => setFilter("state", state === "all" ? undefined : state)}
            >
              {state === "all" ? "All" : DUE_STATE_LABELS[state]}
              <span className={cn("tabular-nums", !isActive && "text-muted-foreground")}>
                {count}
              </span>
            </Button>
          );
        })}
      </div>
      {isSheetShown ? null : (
        <div className="hidden sm:block">
          <MoreFilters filters={moreFilters} setFilter={setFilter} options={options} />
        </div>
      )}
      {hasOpenedSheet && (
        <Suspense fallback={null}>
          <FiltersSheet
            open={isSheetShown}
            onOpenChange={setIsSheetOpen}
            returnFocusTo={filtersButton}
            shownCount={shownCount}
          >
            <MoreFilters filters={moreFilters} setFilter={setFilter} options={options} />
          </FiltersSheet>
        </Suspense>
      )}
    </div>
  );
}

const MoreFilters = memo(function MoreFilters({
  filters,
  setFilter,
  options,
}: {
  filters: Omit<ContactFilters, "q">;
  setFilter: Props["setFilter"];
  options: Options;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      <FilterSelect
        label="Tag"
        value={filters.tag ?? ""}
        onChange={(v) => setFilter("tag", v)}
        options={[
          ["", "All tags"],
          ...options.tags.map((t) => [t.tag, `${t.tag} (${t.count})`] as const),
        ]}
      />
      <FilterSelect
        label="Rhythm"
        value={filters.rhythm ?? ""}
        onChange={(v) => setFilter("rhythm", v)}
        options={[
          ["", "Any rhythm"],
          ...options.rhythms.map((r) => [r.key, r.label] as const),
          ["none", "No rhythm"],
        ]}
      />
      <FilterSelect
        label="Country"
        value={filters.country ?? ""}
        onChange={(v) => setFilter("country", v)}
        options={[["", "Any country"], ...options.countries.map((c) => [c, c] as const)]}
      />
      <FilterSelect
        label="Sort by"
        value={filters.sort}
        onChange={(v) => setFilter("sort", v)}
        options={CONTACT_SORTS.map((s) => [s, CONTACT_SORT_LABELS[s]] as const)}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={filters.archived}
          onChange={(e) => setFilter("archived", e.target.checked)}
        />
        Show archived
      </label>
    </div>
  );
});

function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = `filter-${props.label.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {props.label}
      </Label>
      <Select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    </div>
  );
}
