/**
 * The parts every combobox here shares (WAI-ARIA 1.2 pattern: focus stays in the input, the
 * highlighted option is named by aria-activedescendant): the input with a leading icon and an
 * optional trailing one, and the listbox under it. Each combobox keeps its own keys and state
 * (LocationSearch searches the geocoder, TimeZonePicker filters a fixed list).
 */
import type { ComponentProps, ReactNode, Ref } from "react";
import { cn } from "../../lib/utils";

const ICON_CLASS =
  "pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-muted-foreground";

function comboboxOptionId(inputId: string, index: number): string {
  return `${inputId}-option-${index}`;
}

function comboboxListId(inputId: string): string {
  return `${inputId}-listbox`;
}

export function ComboboxInput({
  icon: Icon,
  trailing,
  inputRef,
  isListShown,
  activeIndex,
  className,
  ...inputProps
}: Omit<ComponentProps<"input">, "ref" | "role"> & {
  id: string;
  icon: (props: { "aria-hidden": boolean; className: string }) => ReactNode;
  trailing?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  isListShown: boolean;
  activeIndex: number;
}) {
  return (
    <div className="relative">
      <Icon aria-hidden className={cn(ICON_CLASS, "left-3")} />
      <input
        {...inputProps}
        ref={inputRef}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={comboboxListId(inputProps.id)}
        aria-activedescendant={
          isListShown && activeIndex >= 0 ? comboboxOptionId(inputProps.id, activeIndex) : undefined
        }
        autoComplete="off"
        spellCheck={false}
        className={cn("ui-field ui-field-line pr-9 pl-9", className)}
      />
      {trailing}
    </div>
  );
}

/** A decorative icon at the input's right end (a chevron, a spinner). */
export function comboboxTrailingIconClass(extra?: string): string {
  return cn(ICON_CLASS, "right-3", extra);
}

export function ComboboxList<T>({
  inputId,
  label,
  listRef,
  isShown,
  items,
  activeIndex,
  itemKey,
  onChoose,
  onActivate,
  optionClassName,
  children,
}: {
  inputId: string;
  label: string;
  listRef?: Ref<HTMLUListElement>;
  isShown: boolean;
  items: readonly T[];
  activeIndex: number;
  itemKey: (item: T) => string;
  onChoose: (item: T) => void;
  onActivate: (index: number) => void;
  optionClassName?: (item: T) => string | false | undefined;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul
      ref={listRef}
      id={comboboxListId(inputId)}
      role="listbox"
      aria-label={label}
      hidden={!isShown}
      className="absolute z-50 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-card p-1 text-card-foreground shadow-md"
    >
      {isShown
        ? items.map((item, i) => (
            <li
              key={itemKey(item)}
              id={comboboxOptionId(inputId, i)}
              role="option"
              aria-selected={i === activeIndex}
              // Keep focus in the input: a click must not blur it first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onChoose(item)}
              onMouseMove={() => onActivate(i)}
              className={cn(
                "flex cursor-pointer rounded-sm px-3 py-2 text-sm",
                i === activeIndex && "bg-accent text-accent-foreground",
                optionClassName?.(item),
              )}
            >
              {children(item)}
            </li>
          ))
        : null}
    </ul>
  );
}
