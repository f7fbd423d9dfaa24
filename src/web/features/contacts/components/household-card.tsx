// A contact's household on their page: who else is in it (with links), renaming it, adding
// people, leaving it, or putting the contact into a new or an existing household.
import { Home } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import { joinNames } from "../../../../core/household-names";
import {
  HOUSEHOLD_NAME_MAX,
  type ContactDetail,
  type Household,
} from "../../../../core/households";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateHousehold } from "../api/create-household";
import { useLeaveHousehold, useLeftHouseholdToast } from "../api/leave-household";
import { useHouseholds } from "../api/list-households";
import { useContacts } from "../api/list-contacts";
import { useUpdateHousehold } from "../api/update-household";
import { HouseholdPeoplePicker } from "./household-people-picker";

const NEW = "new";
const NAME_NEEDED = "Give the household a name, like “The Carters”.";

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

type Mode = "view" | "rename" | "add";

function Members(props: { contact: ContactDetail; household: Household }) {
  const { contact, household } = props;
  const [mode, setMode] = useState<Mode>("view");
  // Back from a form, focus returns to the button that opened it.
  const opener = useRef<Mode | null>(null);
  const buttons = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});
  useEffect(() => {
    if (mode !== "view" || !opener.current) return;
    buttons.current[opener.current]?.focus();
    opener.current = null;
  }, [mode]);
  const open = (next: Mode) => {
    opener.current = next;
    setMode(next);
  };
  const leaving = useLeaveHousehold();
  const showLeftToast = useLeftHouseholdToast();
  const others = household.members.filter((m) => m.id !== contact.id);
  function leave() {
    const input = { contactId: contact.id, name: contactDisplayName(contact), household };
    leaving.mutateAsync(input).then(
      (undo) => showLeftToast(input, undo),
      (error: unknown) =>
        toast({
          title: "Couldn't leave the household",
          description: errorMessage(error),
          variant: "destructive",
        }),
    );
  }
  if (mode === "rename")
    return <RenameHousehold household={household} onDone={() => setMode("view")} />;
  if (mode === "add") return <AddPeople household={household} onDone={() => setMode("view")} />;
  return (
    <>
      <p className="font-medium break-words" data-testid="household-name">
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
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          ref={(el) => void (buttons.current.add = el)}
          onClick={() => open("add")}
        >
          Add people
        </Button>
        <Button
          variant="outline"
          ref={(el) => void (buttons.current.rename = el)}
          onClick={() => open("rename")}
        >
          Rename
        </Button>
        <Button variant="outline" disabled={leaving.isPending} onClick={leave}>
          Leave {household.name}
        </Button>
      </div>
    </>
  );
}

function RenameHousehold(props: { household: Household; onDone: () => void }) {
  const { household } = props;
  const update = useUpdateHousehold();
  const [name, setName] = useState(household.name);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = name.trim();
    if (!next) {
      setError(NAME_NEEDED);
      return;
    }
    if (next === household.name) {
      props.onDone();
      return;
    }
    setError(null);
    update.mutate(
      { id: household.id, patch: { name: next } },
      {
        onSuccess: () => {
          toast({ title: `${household.name} is now ${next}`, variant: "success" });
          props.onDone();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Rename the household">
      <Field label="Household name" error={error ?? undefined}>
        <Input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          maxLength={HOUSEHOLD_NAME_MAX}
          autoFocus
        />
      </Field>
      <FormButtons isSaving={update.isPending} label="Save name" onCancel={props.onDone} />
    </form>
  );
}

function AddPeople(props: { household: Household; onDone: () => void }) {
  const { household } = props;
  const households = useHouseholds();
  const list = useContacts();
  const update = useUpdateHousehold();
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const people = list.data?.items ?? [];
  const memberIds = household.members.map((m) => m.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (picked.length === 0) {
      setError("Tick someone to add first: type a name to find them.");
      return;
    }
    setError(null);
    const names = picked.flatMap((id) => {
      const person = people.find((p) => p.id === id);
      return person ? [contactDisplayName(person)] : [];
    });
    update.mutate(
      { id: household.id, patch: { contactIds: [...memberIds, ...picked] } },
      {
        onSuccess: () => {
          toast({ title: `${joinNames(names)} joined ${household.name}`, variant: "success" });
          props.onDone();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={submit}
      noValidate
      aria-label={`Add people to ${household.name}`}
    >
      <p className="font-medium break-words">{household.name}</p>
      <HouseholdPeoplePicker
        people={people}
        households={households.data?.items ?? []}
        excludeIds={memberIds}
        picked={picked}
        onPickedChange={(ids) => {
          setPicked(ids);
          setError(null);
        }}
        isAutoFocused
      />
      <FormError error={error} />
      <FormButtons isSaving={update.isPending} label="Add to household" onCancel={props.onDone} />
    </form>
  );
}

function FormError(props: { error: string | null }) {
  return props.error ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {props.error}
    </p>
  ) : null;
}

function FormButtons(props: { isSaving: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={props.isSaving}>
        {props.isSaving ? "Saving..." : props.label}
      </Button>
      <Button variant="outline" onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  );
}

function AddToHousehold(props: { contact: ContactDetail; onDone: () => void }) {
  const { contact } = props;
  const households = useHouseholds();
  const list = useContacts();
  const create = useCreateHousehold();
  const update = useUpdateHousehold();
  const [choice, setChoice] = useState(NEW);
  const [name, setName] = useState(contact.lastName ? `The ${contact.lastName}s` : "");
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const existing = households.data?.items ?? [];
  const isSaving = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const joining = existing.find((h) => h.id === choice);
    const household = joining?.name ?? name.trim();
    if (!joining && !household) {
      setError(NAME_NEEDED);
      return;
    }
    const saving = joining
      ? update.mutateAsync({
          id: joining.id,
          patch: { contactIds: [...joining.members.map((m) => m.id), contact.id] },
        })
      : create.mutateAsync({ name: household, contactIds: [contact.id, ...picked] });
    // Not the mutation's own callbacks: the contact's page may show the household (and so leave
    // this form) before they would run.
    saving.then(
      () => {
        toast({ title: `${contactDisplayName(contact)} is in ${household}`, variant: "success" });
        props.onDone();
      },
      (e: unknown) => setError(errorMessage(e)),
    );
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
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={HOUSEHOLD_NAME_MAX}
            />
          </Field>
          <HouseholdPeoplePicker
            people={list.data?.items ?? []}
            households={existing}
            excludeIds={[contact.id]}
            picked={picked}
            onPickedChange={setPicked}
          />
        </>
      ) : null}
      <FormError error={error} />
      <FormButtons isSaving={isSaving} label="Save household" onCancel={props.onDone} />
    </form>
  );
}
