/**
 * TimeZonePicker — a searchable time-zone field: a combobox (WAI-ARIA 1.2, like
 * LocationSearch) over the ~400 zones the browser knows, the zone this device is in listed first.
 *
 * Typing filters by any part of the name or the offset ("york", "lisbon", "GMT+9"); ArrowDown or
 * Alt+ArrowDown opens the list, ArrowUp/ArrowDown/Home/End/PageUp/PageDown move, Enter chooses
 * (and never submits the form while the list is open), Escape closes and puts the chosen zone
 * back. Leaving the field keeps the chosen zone unless the text names a zone exactly.
 *
 * Controlled: `value` (an IANA name) and `onChange(zone)`. `id`, `aria-invalid` and
 * `aria-describedby` are passed to the input, so it works inside `<Field>`.
 */
import { ChevronsUpDown, Globe } from "lucide-react";
import { useController, type Control, type FieldValues, type Path } from "react-hook-form";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { listTimeZones } from "../../core/onboarding";
import { cn } from "../lib/utils";
import { ComboboxInput, ComboboxList, comboboxTrailingIconClass } from "./ui/combobox";

type ZoneOption = { zone: string; label: string; offset: string; search: string };

const PAGE_STEP = 10;

export function detectTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function zoneLabel(zone: string): string {
  return zone.replaceAll("_", " ");
}

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? "";
  } catch {
    return "";
  }
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/[_/]+/g, " ").replace(/\s+/g, " ").trim();
}

function useZoneOptions(value: string): { options: ZoneOption[]; detected?: string } {
  return useMemo(() => {
    const detected = detectTimeZone();
    const now = new Date();
    const known = listTimeZones();
    const ordered = [
      ...(detected ? [detected] : []),
      ...(value && value !== detected && !known.includes(value) ? [value] : []),
      ...known.filter((z) => z !== detected),
    ];
    const options = ordered.map((zone) => {
      const offset = offsetOf(zone, now);
      const label = zoneLabel(zone);
      return { zone, label, offset, search: normalize(`${zone} ${offset}`) };
    });
    return { options, detected };
  }, [value]);
}

export type TimeZonePickerProps = {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

export function TimeZonePicker(props: TimeZonePickerProps) {
  const { value, onChange } = props;
  const fallbackId = useId();
  const inputId = props.id ?? fallbackId;
  const { options, detected } = useZoneOptions(value);
  const [text, setText] = useState<string | null>(null); // null: not editing, show the value
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  const query = normalize(text ?? "");
  const results = useMemo(() => {
    if (!query) return options;
    const words = query.split(" ");
    return options.filter((o) => words.every((w) => o.search.includes(w)));
  }, [options, query]);
  const isListShown = isOpen && results.length > 0;

  useEffect(() => {
    if (!isListShown || active < 0) return;
    const item = listRef.current?.children[active];
    if (item instanceof HTMLElement) item.scrollIntoView?.({ block: "nearest" });
  }, [active, isListShown]);

  function open(activeIndex: number) {
    setIsOpen(true);
    setActive(activeIndex);
  }

  function close() {
    setIsOpen(false);
    setActive(-1);
    setText(null);
  }

  function choose(option: ZoneOption) {
    close();
    if (option.zone !== value) onChange(option.zone);
  }

  function indexOfValue(): number {
    const i = results.findIndex((o) => o.zone === value);
    return i >= 0 ? i : 0;
  }

  function move(to: number) {
    const n = results.length;
    if (n === 0) return;
    setIsOpen(true);
    setActive(Math.min(Math.max(to, 0), n - 1));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const n = results.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!isListShown) open(text === null ? indexOfValue() : 0);
        else if (!event.altKey) move(active + 1 >= n ? 0 : active + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!isListShown) open(text === null ? indexOfValue() : n - 1);
        else move(active <= 0 ? n - 1 : active - 1);
        break;
      case "PageDown":
        if (isListShown) {
          event.preventDefault();
          move(active + PAGE_STEP);
        }
        break;
      case "PageUp":
        if (isListShown) {
          event.preventDefault();
          move(active - PAGE_STEP);
        }
        break;
      case "Home":
      case "End":
        if (isListShown && event.ctrlKey) {
          event.preventDefault();
          move(event.key === "Home" ? 0 : n - 1);
        }
        break;
      case "Enter":
        if (isListShown) {
          event.preventDefault();
          const option = results[active >= 0 ? active : 0];
          if (option) choose(option);
        } else if (text !== null) {
          event.preventDefault();
          close();
        }
        break;
      case "Escape":
        if (isListShown || text !== null) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  }

  function onBlur() {
    if (text !== null) {
      const exact = options.find(
        (o) => normalize(o.zone) === query || normalize(o.label) === query,
      );
      if (exact && exact.zone !== value) onChange(exact.zone);
    }
    close();
    props.onBlur?.();
  }

  const selected = options.find((o) => o.zone === value);
  const shownText = text ?? (selected ? selected.label : zoneLabel(value));

  return (
    <div className={cn("relative", props.className)}>
      <ComboboxInput
        id={inputId}
        icon={Globe}
        trailing={<ChevronsUpDown aria-hidden className={comboboxTrailingIconClass()} />}
        isListShown={isListShown}
        activeIndex={active}
        aria-invalid={props["aria-invalid"]}
        aria-describedby={props["aria-describedby"]}
        placeholder="Search for a city or zone"
        disabled={props.disabled}
        value={shownText}
        onChange={(e) => {
          setText(e.target.value);
          open(0);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => (isListShown ? close() : open(indexOfValue()))}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <ComboboxList
        inputId={inputId}
        label="Matching zones"
        listRef={listRef}
        isShown={isListShown}
        items={results}
        activeIndex={active}
        itemKey={(option) => option.zone}
        onChoose={choose}
        onActivate={setActive}
        optionClassName={(option) =>
          cn("items-baseline justify-between gap-3", option.zone === value && "font-semibold")
        }
      >
        {(option) => (
          <>
            <span className="min-w-0 break-words">
              {option.label}
              {option.zone === detected ? (
                <span className="ml-2 text-xs font-normal text-muted-foreground">
                  (this device)
                </span>
              ) : null}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">{option.offset}</span>
          </>
        )}
      </ComboboxList>
    </div>
  );
}

/** The picker as a react-hook-form field; inside `<Field>` it takes the label's id and aria. */
export function TimeZoneField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { field } = useController({ control: props.control, name: props.name });
  return (
    <TimeZonePicker
      value={String(field.value ?? "")}
      onChange={field.onChange}
      onBlur={field.onBlur}
      id={props.id}
      aria-invalid={props["aria-invalid"]}
      aria-describedby={props["aria-describedby"]}
    />
  );
}
