// Merging one group of copies: which copy stays, the value that survives for each field on which
// they differ, and a preview of the lists they combine. One undo takes the whole merge back.
import { useMemo, useState } from "react";
import { contactDisplayName } from "../../../../core/contact-display";
import {
  MERGE_CHOICE_KEYS,
  MERGE_CHOICE_LABELS,
  defaultMergeChoices,
  planMerge,
  type MergeChoiceKey,
} from "../../../../core/contact-merge";
import type { Contact } from "../../../../core/contacts";
import { formatAddress, type PostalAddress } from "../../../../core/postal-address";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import { formatDate } from "../../../lib/format-date";
import { useMergeWithUndo } from "../api/merge-contacts";
import { describeChoice, differingChoices, mergeSourceOf } from "../lib/merge-preview";

type Props = { contacts: Contact[]; open: boolean; onOpenChange: (open: boolean) => void };

export function MergeDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Merge {props.contacts.length} contacts</DialogTitle>
        <DialogDescription>
          They become one contact with all their history. Choose what stays where they differ;
          emails, phones, tags and other lists are combined.
        </DialogDescription>
        {props.open ? <MergeForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MergeForm({ contacts, onOpenChange }: Props) {
  const sources = useMemo(() => contacts.map(mergeSourceOf), [contacts]);
  const defaults = useMemo(() => defaultMergeChoices(sources), [sources]);
  const [keepId, setKeepId] = useState(defaults.keepId);
  const [fields, setFields] = useState<Record<MergeChoiceKey, string>>(defaults.fields);
  const asked = useMemo(() => differingChoices(MERGE_CHOICE_KEYS, contacts), [contacts]);
  const preview = planMerge(sources, keepId, fields).values;
  const merge = useMergeWithUndo();
  const name = (c: Contact) => contactDisplayName(c) || "Unnamed";

  function submit() {
    const input = {
      keepId,
      mergeIds: contacts.map((c) => c.id).filter((id) => id !== keepId),
      fields,
      expectedUpdatedAt: Object.fromEntries(contacts.map((c) => [c.id, c.updatedAt])),
    };
    merge.run(
      { merges: [input] },
      ({ contacts: [merged] }) => ({
        title: `Merged into ${name(merged!)}`,
        description: `${contacts.length} contacts are now one, with all their history.`,
      }),
      () => onOpenChange(false),
    );
  }

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Contact to keep</legend>
        <p className="text-sm text-muted-foreground">
          Its page and link stay; the others are removed once merged.
        </p>
        {contacts.map((c) => (
          <label key={c.id} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="keep"
              className="mt-1"
              checked={keepId === c.id}
              onChange={() => setKeepId(c.id)}
            />
            <span>
              {name(c)}{" "}
              <span className="text-muted-foreground">(updated {formatDate(c.updatedAt)})</span>
            </span>
          </label>
        ))}
      </fieldset>

      {asked.map((key) => (
        <fieldset key={key} className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">{MERGE_CHOICE_LABELS[key]}</legend>
          {contacts.map((c) => (
            <ChoiceOption
              key={c.id}
              choice={key}
              contact={c}
              checked={fields[key] === c.id}
              onChoose={() => setFields((prev) => ({ ...prev, [key]: c.id }))}
            />
          ))}
        </fieldset>
      ))}

      <section aria-labelledby="merge-combined" className="grid gap-2">
        <h3 id="merge-combined" className="text-sm font-semibold">
          Combined
        </h3>
        <CombinedPreview values={preview} />
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={merge.isPending}>
          {merge.isPending ? "Merging…" : `Merge into one`}
        </Button>
      </div>
    </form>
  );
}

function ChoiceOption(props: {
  choice: MergeChoiceKey;
  contact: Contact;
  checked: boolean;
  onChoose: () => void;
}) {
  const { choice, contact } = props;
  const text = describeChoice(choice, contact);
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`field-${choice}`}
        checked={props.checked}
        onChange={props.onChoose}
      />
      {choice === "photo" && contact.photoUrl ? (
        <img src={contact.photoUrl} alt="" className="size-8 rounded-full object-cover" />
      ) : null}
      <span className="min-w-0 break-words">
        {choice === "photo"
          ? contact.photoUrl
            ? `${contactDisplayName(contact)}'s photo`
            : "No photo"
          : text || <span className="text-muted-foreground">(empty)</span>}
      </span>
    </label>
  );
}

const COMBINED: { key: string; label: string }[] = [
  { key: "emails", label: "Emails" },
  { key: "phones", label: "Phones" },
  { key: "websites", label: "Websites" },
  { key: "addresses", label: "Addresses" },
  { key: "tags", label: "Tags" },
  { key: "notes", label: "Notes" },
];

function CombinedPreview({ values }: { values: Record<string, unknown> }) {
  const rows = COMBINED.map(({ key, label }) => {
    const value = values[key];
    const items =
      key === "addresses"
        ? (value as PostalAddress[]).map(formatAddress)
        : key === "tags"
          ? (value as string[])
          : key === "notes"
            ? value
              ? [value as string]
              : []
            : (value as { value: string; ext?: string }[]).map((e) =>
                e.ext ? `${e.value} x${e.ext}` : e.value,
              );
    return { key, label, items };
  }).filter((row) => row.items.length > 0);
  if (rows.length === 0) {
    return <p className="text-sm text-muted-foreground">No lists to combine.</p>;
  }
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map((row) => (
        <div key={row.key} className="grid gap-0.5 sm:grid-cols-[7rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="min-w-0 whitespace-pre-line break-words">{row.items.join("\n")}</dd>
        </div>
      ))}
    </dl>
  );
}
