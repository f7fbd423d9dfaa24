// "Who else lives there": find contacts by name and tick them, for a new household or one that
// grows. Someone in another household shows where they are; saving names them in the answer.
import { useId, useMemo, useState } from "react";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import type { Household } from "../../../../core/households";
import { Input } from "../../../components/ui/input";

/** How many people the search lists at once. */
const PICK_LIMIT = 8;

export function HouseholdPeoplePicker(props: {
  people: Contact[];
  households: Household[];
  /** Already in the household being made or grown: not offered. */
  excludeIds: readonly string[];
  picked: string[];
  onPickedChange: (ids: string[]) => void;
  /** Where focus starts (the form has just opened for this). */
  isAutoFocused?: boolean;
}) {
  const { people, picked } = props;
  const ids = useId();
  const [search, setSearch] = useState("");
  const householdOf = useMemo(
    () => new Map(props.households.flatMap((h) => h.members.map((m) => [m.id, h.name] as const))),
    [props.households],
  );
  const needle = search.trim().toLocaleLowerCase();
  const matches = people
    .filter((p) => !props.excludeIds.includes(p.id) && !picked.includes(p.id))
    .filter((p) => !needle || contactDisplayName(p).toLocaleLowerCase().includes(needle))
    .slice(0, needle ? PICK_LIMIT : 0);
  const pickedPeople = picked.flatMap((id) => people.find((p) => p.id === id) ?? []);

  function toggle(id: string) {
    if (picked.includes(id)) props.onPickedChange(picked.filter((x) => x !== id));
    else {
      props.onPickedChange([...picked, id]);
      // Picked, they move up among the ticked; the search is ready for the next name.
      setSearch("");
    }
  }
  const box = (p: Contact, isChecked: boolean) => (
    <PersonBox
      key={p.id}
      id={`${ids}-${p.id}`}
      name={contactDisplayName(p)}
      note={householdOf.get(p.id)}
      isChecked={isChecked}
      onToggle={() => toggle(p.id)}
    />
  );

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">Who else lives there</legend>
      {pickedPeople.map((p) => box(p, true))}
      <Input
        type="search"
        aria-label="Find a contact to add"
        placeholder="Type a name"
        value={search}
        autoFocus={props.isAutoFocused}
        onChange={(e) => setSearch(e.target.value)}
      />
      {matches.map((p) => box(p, false))}
      {needle && matches.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody else by that name.</p>
      ) : null}
    </fieldset>
  );
}

function PersonBox(props: {
  id: string;
  name: string;
  /** The household they are in now, if any. */
  note: string | undefined;
  isChecked: boolean;
  onToggle: () => void;
}) {
  return (
    <label htmlFor={props.id} className="flex min-h-11 items-center gap-3 text-sm md:min-h-8">
      <input
        id={props.id}
        type="checkbox"
        className="size-5 shrink-0 accent-primary"
        checked={props.isChecked}
        onChange={props.onToggle}
      />
      <span className="min-w-0">
        {props.name}
        {props.note ? <span className="text-muted-foreground"> (in {props.note})</span> : null}
      </span>
    </label>
  );
}
