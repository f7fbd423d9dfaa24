// A contact's links to other people on their page: "Jo — Sam's partner", removing one (with
// Undo), and adding one to someone from the address book with one of our types or a word.
import { ChevronsUpDown, Search, Users } from "lucide-react";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { ContactDetail } from "../../../../core/households";
import {
  RELATIONSHIP_TYPES,
  RELATIONSHIP_WORD_MAX,
  describeRelationship,
  type Relationship,
} from "../../../../core/relationships";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  ComboboxInput,
  ComboboxList,
  comboboxTrailingIconClass,
} from "../../../components/ui/combobox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateRelationship } from "../api/create-relationship";
import { useDeleteRelationship } from "../api/delete-relationship";
import { useContacts } from "../api/list-contacts";
import { refreshRelationships, useRelationships } from "../api/list-relationships";
import { useUndoToast } from "../api/undo-change";
import { useQueryClient } from "@tanstack/react-query";

/** How many people the contact search lists at once. */
const PICK_LIMIT = 8;

export function RelationshipsCard({ contact }: { contact: ContactDetail }) {
  const links = useRelationships(contact.id);
  const [isAdding, setAdding] = useState(false);
  const items = links.data?.relationships ?? [];
  return (
    <Card role="region" aria-labelledby="relationships-title">
      <CardHeader>
        <CardTitle id="relationships-title" className="flex items-center gap-2">
          <Users className="size-5" aria-hidden />
          Relationships
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {links.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Couldn't load relationships: {errorMessage(links.error)}
          </p>
        ) : items.length > 0 ? (
          <ul className="grid gap-2" aria-label={`${contactDisplayName(contact)}'s relationships`}>
            {items.map((link) => (
              <RelationshipRow key={link.id} contact={contact} link={link} />
            ))}
          </ul>
        ) : links.isSuccess ? (
          <p className="text-sm text-muted-foreground">No relationships yet.</p>
        ) : null}
        {isAdding ? (
          <AddRelationship contact={contact} onDone={() => setAdding(false)} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setAdding(true)}>
              Add relationship
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function RelationshipRow(props: { contact: ContactDetail; link: Relationship }) {
  const { contact, link } = props;
  const remove = useDeleteRelationship();
  const showUndoToast = useUndoToast();
  const queryClient = useQueryClient();
  const otherName = contactDisplayName(link.other);
  const text = describeRelationship({
    otherName,
    contactName: contactDisplayName(contact),
    type: link.type,
  });
  // The other person's name is the link; the rest of the line reads after it.
  const rest = text.slice(otherName.length);
  function onRemove() {
    remove.mutate(
      { contactId: contact.id, relationshipId: link.id },
      {
        onSuccess: ({ undoId }) =>
          showUndoToast({
            title: "Relationship removed",
            description: text,
            undoId,
            onUndone: () => void refreshRelationships(queryClient),
          }),
        onError: (error) =>
          toast({
            title: "Couldn't remove the relationship",
            description: errorMessage(error),
            variant: "destructive",
          }),
      },
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="min-w-0 break-words" data-testid="relationship-line">
        <Link
          to={`/app/contacts/${link.other.id}`}
          className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
        >
          {otherName}
        </Link>
        {rest}
        {link.other.isArchived ? " " : null}
        {link.other.isArchived ? (
          <span className="ml-1 rounded-sm border border-border px-1.5 py-0.5 text-xs text-muted-foreground">
            archived
          </span>
        ) : null}
      </span>
      <Button
        variant="outline"
        size="sm"
        className="min-h-11 md:min-h-8"
        disabled={remove.isPending}
        aria-label={`Remove ${text}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

type Person = { id: string; name: string };

function AddRelationship(props: { contact: ContactDetail; onDone: () => void }) {
  const { contact } = props;
  const create = useCreateRelationship();
  const ids = useId();
  const [person, setPerson] = useState<Person | null>(null);
  const [type, setType] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // The API checks both fields and says what is wrong; its words are shown as they are.
    create.mutate(
      { contactId: contact.id, input: { relatedContactId: person?.id ?? "", type } },
      {
        onSuccess: (created) => {
          toast({
            title: "Relationship added",
            description: describeRelationship({
              otherName: contactDisplayName(created.other),
              contactName: contactDisplayName(contact),
              type: created.type,
            }),
            variant: "success",
          });
          props.onDone();
        },
        onError: (e) => setError(formError(e)),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Add relationship">
      <ContactPicker contactId={contact.id} value={person} onChange={setPerson} />
      <Field
        label="They are this contact's…"
        description="Choose a type from the list or type a word of your own."
      >
        <Input
          list={`${ids}-types`}
          value={type}
          onChange={(e) => setType(e.target.value)}
          maxLength={RELATIONSHIP_WORD_MAX}
          autoComplete="off"
          placeholder="partner, friend, neighbour…"
        />
      </Field>
      <datalist id={`${ids}-types`}>
        {RELATIONSHIP_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving..." : "Save relationship"}
        </Button>
        <Button variant="outline" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The API's own words for what is wrong with a field, without its generic lead-in. */
function formError(error: unknown): string {
  const fields = error instanceof ApiRequestError ? error.fields : undefined;
  const messages = Object.values(fields ?? {});
  return messages.length > 0 ? messages.join(" ") : errorMessage(error);
}

/** A combobox over the active address book, without the contact whose page this is. */
function ContactPicker(props: {
  contactId: string;
  value: Person | null;
  onChange: (person: Person | null) => void;
}) {
  const inputId = useId();
  const list = useContacts();
  const [text, setText] = useState("");
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const needle = text.trim().toLocaleLowerCase();
  const results: Person[] = (list.data?.items ?? [])
    .filter((c) => c.id !== props.contactId)
    .map((c) => ({ id: c.id, name: contactDisplayName(c) }))
    .filter((p) => !needle || p.name.toLocaleLowerCase().includes(needle))
    .slice(0, PICK_LIMIT);
  const isListShown = isOpen && results.length > 0;

  function choose(person: Person) {
    props.onChange(person);
    setText(person.name);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const n = results.length;
    if (event.key === "ArrowDown" && n > 0) {
      event.preventDefault();
      setOpen(true);
      setActive(active + 1 >= n ? 0 : active + 1);
    } else if (event.key === "ArrowUp" && n > 0) {
      event.preventDefault();
      setOpen(true);
      setActive(active <= 0 ? n - 1 : active - 1);
    } else if (event.key === "Enter" && isListShown && active >= 0) {
      // Choosing from the open list must not submit the form.
      event.preventDefault();
      choose(results[active]!);
    } else if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Person
      </label>
      <div className="relative">
        <ComboboxInput
          id={inputId}
          icon={Search}
          trailing={<ChevronsUpDown aria-hidden className={comboboxTrailingIconClass()} />}
          isListShown={isListShown}
          activeIndex={active}
          placeholder="Type a name"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            // A changed name no longer names the chosen person.
            if (props.value && e.target.value !== props.value.name) props.onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ComboboxList
          inputId={inputId}
          label="Contacts"
          isShown={isListShown}
          items={results}
          activeIndex={active}
          itemKey={(p) => p.id}
          onChoose={choose}
          onActivate={setActive}
        >
          {(p) => p.name}
        </ComboboxList>
      </div>
      {isOpen && needle && results.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody in your contacts by that name.</p>
      ) : null}
    </div>
  );
}
