// A contact's household on their page: who else is in it (with links), leaving it, or putting
// the contact into a new or an existing household.
import { Home } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { ContactDetail, Household } from "../../../../core/households";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateHousehold } from "../api/create-household";
import { useDeleteHousehold } from "../api/delete-household";
import { useHouseholds } from "../api/list-households";
import { useContacts } from "../api/list-contacts";
import { useUpdateHousehold } from "../api/update-household";

/** How many people the "who else" search lists at once. */
const PICK_LIMIT = 8;
const NEW = "new";

export function HouseholdCard({ contact }: { contact: ContactDetail }) {
  const [isAdding, setAdding] = useState(false);
  // Not known yet (the page's answer is still on its way): nothing to show.
  if (contact.household === undefined) return null;
  return (
    <Card role="region" aria-labelledby="household-title">
      <CardHeader>
        <CardTitle id="household-title" className="flex items-center gap-2">
          <Home className="size-5" aria-hidden />
          Household
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {contact.household ? (
          <Members contact={contact} household={contact.household} />
        ) : isAdding ? (
          <AddToHousehold contact={contact} onDone={() => setAdding(false)} />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">
              Not in a household. People in one are reminded about and logged together.
            </p>
            <Button variant="outline" onClick={() => setAdding(true)}>
              Add to a household
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Members(props: { contact: ContactDetail; household: Household }) {
  const { contact, household } = props;
  const update = useUpdateHousehold();
  const remove = useDeleteHousehold();
  const name = contactDisplayName(contact);
  const others = household.members.filter((m) => m.id !== contact.id);
  const isBusy = update.isPending || remove.isPending;
  const onError = (error: unknown) =>
    toast({
      title: "Couldn't leave the household",
      description: errorMessage(error),
      variant: "destructive",
    });
  function leave() {
    const done = { onSuccess: () => toast({ title: `${name} left ${household.name}` }), onError };
    // The last one out: the household goes, and everyone stays a contact.
    if (others.length === 0) remove.mutate(household.id, done);
    else update.mutate({ id: household.id, patch: { contactIds: others.map((m) => m.id) } }, done);
  }
  return (
    <>
      <p className="font-medium" data-testid="household-name">
        {household.name}
      </p>
      {others.length > 0 ? (
        <ul className="grid gap-1" aria-label={`Others in ${household.name}`}>
          {others.map((m) => (
            <li key={m.id}>
              <Link
                to={`/app/contacts/${m.id}`}
                className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline md:min-h-0"
              >
                {m.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nobody else is in it yet.</p>
      )}
      <div>
        <Button variant="outline" disabled={isBusy} onClick={leave}>
          Leave {household.name}
        </Button>
      </div>
    </>
  );
}

function AddToHousehold(props: { contact: ContactDetail; onDone: () => void }) {
  const { contact } = props;
  const households = useHouseholds();
  const list = useContacts();
  const create = useCreateHousehold();
  const update = useUpdateHousehold();
  const ids = useId();
  const [choice, setChoice] = useState(NEW);
  const [name, setName] = useState(contact.lastName ? `The ${contact.lastName}s` : "");
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const taken = useMemo(
    () => new Set((households.data?.items ?? []).flatMap((h) => h.members.map((m) => m.id))),
    [households.data],
  );
  const people = list.data?.items ?? [];
  const needle = search.trim().toLocaleLowerCase();
  const matches = people
    .filter((p) => p.id !== contact.id && !taken.has(p.id) && !picked.includes(p.id))
    .filter((p) => !needle || contactDisplayName(p).toLocaleLowerCase().includes(needle))
    .slice(0, needle ? PICK_LIMIT : 0);
  const pickedPeople = picked.map((id) => people.find((p) => p.id === id)).filter(Boolean);
  const existing = households.data?.items ?? [];
  const isSaving = create.isPending || update.isPending;

  function toggle(id: string) {
    setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const done = {
      onSuccess: () => {
        toast({ title: `${contactDisplayName(contact)} is in ${household}`, variant: "success" });
        props.onDone();
      },
      onError: (e: unknown) => setError(errorMessage(e)),
    };
    const joining = existing.find((h) => h.id === choice);
    const household = joining?.name ?? name.trim();
    if (joining) {
      const contactIds = [...joining.members.map((m) => m.id), contact.id];
      update.mutate({ id: joining.id, patch: { contactIds } }, done);
      return;
    }
    if (!household) {
      setError("Give the household a name, like “The Carters”.");
      return;
    }
    create.mutate({ name: household, contactIds: [contact.id, ...picked] }, done);
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {existing.length > 0 ? (
        <Field label="Household">
          <Select value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value={NEW}>A new household</option>
            {existing.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name} ({h.members.map((m) => m.name).join(", ")})
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {choice === NEW ? (
        <>
          <Field label="Household name">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Who else lives there</legend>
            {pickedPeople.map((p) => (
              <PersonBox
                key={p!.id}
                id={`${ids}-${p!.id}`}
                name={contactDisplayName(p!)}
                isChecked
                onToggle={() => toggle(p!.id)}
              />
            ))}
            <Input
              type="search"
              aria-label="Find a contact to add"
              placeholder="Type a name"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {matches.map((p) => (
              <PersonBox
                key={p.id}
                id={`${ids}-${p.id}`}
                name={contactDisplayName(p)}
                isChecked={false}
                onToggle={() => toggle(p.id)}
              />
            ))}
            {needle && matches.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nobody else by that name who is not in a household.
              </p>
            ) : null}
          </fieldset>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : "Save household"}
        </Button>
        <Button variant="outline" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PersonBox(props: { id: string; name: string; isChecked: boolean; onToggle: () => void }) {
  return (
    <label htmlFor={props.id} className="flex min-h-11 items-center gap-3 text-sm md:min-h-8">
      <input
        id={props.id}
        type="checkbox"
        className="size-5 accent-primary"
        checked={props.isChecked}
        onChange={props.onToggle}
      />
      {props.name}
    </label>
  );
}
