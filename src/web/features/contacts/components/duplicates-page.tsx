// /app/contacts/duplicates: people who may be in the address book more than once, with why;
// merge one group after a field-by-field preview, or tick several and merge them at once with
// the default choices. Each merge, single or bulk, is one undo.
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import { defaultMergeChoices, type DuplicateGroupAnswer } from "../../../../core/contact-merge";
import { LoadError } from "../../../components/load-error";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { formatDate } from "../../../lib/format-date";
import { useDuplicates } from "../api/find-duplicates";
import { useMergeWithUndo } from "../api/merge-contacts";
import { mergeSourceOf } from "../lib/merge-preview";
import { MergeDialog } from "./merge-dialog";

const groupKey = (group: DuplicateGroupAnswer) => group.contacts.map((c) => c.id).join(" ");

export function DuplicatesPage() {
  const duplicates = useDuplicates();
  const groups = duplicates.data?.groups ?? [];
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [reviewing, setReviewing] = useState<DuplicateGroupAnswer | null>(null);
  const merge = useMergeWithUndo();
  const tickedGroups = groups.filter((g) => ticked.has(groupKey(g)));

  function toggle(key: string, isOn: boolean) {
    setTicked((prev) => {
      const next = new Set(prev);
      if (isOn) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  function mergeTicked() {
    const merges = tickedGroups.map((group) => {
      const { keepId } = defaultMergeChoices(group.contacts.map(mergeSourceOf));
      return {
        keepId,
        mergeIds: group.contacts.map((c) => c.id).filter((id) => id !== keepId),
        expectedUpdatedAt: Object.fromEntries(group.contacts.map((c) => [c.id, c.updatedAt])),
      };
    });
    merge.run(
      { merges },
      () => ({
        title: `Merged ${merges.length} ${merges.length === 1 ? "group" : "groups"}`,
        description: "Each group is now one contact, with all its history.",
      }),
      () => setTicked(new Set()),
    );
  }

  return (
    <section aria-labelledby="duplicates-title" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-2">
        <Link
          to="/app/contacts"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline md:min-h-0"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Contacts
        </Link>
        <h1 id="duplicates-title" className="text-3xl font-bold">
          Duplicates
        </h1>
        <p className="text-muted-foreground">
          People who may be in your address book more than once: the same email or phone, the same
          name, or very similar names at the same company or in the same city.
        </p>
      </div>

      {duplicates.isPending ? (
        <PageSpinner />
      ) : duplicates.isError ? (
        <LoadError error={duplicates.error} onRetry={() => void duplicates.refetch()} />
      ) : groups.length === 0 ? (
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">No likely duplicates</h2>
            <CardDescription>
              Nobody in your active contacts shares an email, a phone or a name with someone else.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {groups.length} {groups.length === 1 ? "group" : "groups"} of likely duplicates
              {tickedGroups.length > 0 ? `, ${tickedGroups.length} ticked` : ""}
            </p>
            <div className="ml-auto flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() =>
                  setTicked(
                    tickedGroups.length === groups.length
                      ? new Set()
                      : new Set(groups.map(groupKey)),
                  )
                }
              >
                {tickedGroups.length === groups.length ? "Untick all" : "Tick all"}
              </Button>
              <Button disabled={tickedGroups.length === 0 || merge.isPending} onClick={mergeTicked}>
                {merge.isPending && !reviewing
                  ? "Merging…"
                  : `Merge ticked (${tickedGroups.length})`}
              </Button>
            </div>
          </div>
          <ul className="grid gap-4" aria-label="Likely duplicates">
            {groups.map((group) => (
              <DuplicateCard
                key={groupKey(group)}
                group={group}
                isTicked={ticked.has(groupKey(group))}
                onTick={(isOn) => toggle(groupKey(group), isOn)}
                onReview={() => setReviewing(group)}
              />
            ))}
          </ul>
        </>
      )}
      <MergeDialog
        contacts={reviewing?.contacts ?? []}
        open={reviewing !== null}
        onOpenChange={(open) => (open ? undefined : setReviewing(null))}
      />
    </section>
  );
}

function DuplicateCard(props: {
  group: DuplicateGroupAnswer;
  isTicked: boolean;
  onTick: (isOn: boolean) => void;
  onReview: () => void;
}) {
  const { group } = props;
  const names = group.contacts.map((c) => contactDisplayName(c) || "Unnamed");
  const reasons = [...new Set(group.reasons.map((r) => r.label))];
  const titleId = `dup-${group.contacts[0]!.id}`;
  return (
    <li>
      <Card aria-labelledby={titleId}>
        <CardHeader className="grid gap-3 sm:flex sm:flex-row sm:items-start">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            {/* The row around the box is the target: 44 px on a phone. */}
            <label className="-my-2 -ml-3 flex min-w-11 shrink-0 items-center justify-center self-start py-2">
              <input
                type="checkbox"
                className="size-4"
                checked={props.isTicked}
                onChange={(event) => props.onTick(event.target.checked)}
                aria-label={`Tick ${names.join(" and ")} to merge`}
              />
            </label>
            <div className="grid min-w-0 flex-1 gap-2">
              <h2 id={titleId} className="break-words text-lg font-semibold">
                {names.join(" · ")}
              </h2>
              <ul className="flex flex-wrap gap-1" aria-label="Why they look alike">
                {reasons.map((reason) => (
                  <li key={reason} className="min-w-0 max-w-full">
                    <Badge variant="secondary" className="max-w-full whitespace-normal break-words">
                      {reason}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Button variant="outline" className="justify-self-start" onClick={props.onReview}>
            Review and merge
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {group.contacts.map((c) => (
              <li key={c.id} className="min-w-0 rounded-md border border-border p-3 text-sm">
                <Link
                  to={`/app/contacts/${c.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {contactDisplayName(c) || "Unnamed"}
                </Link>
                <p className="break-words text-muted-foreground">
                  {[
                    ...c.emails.map((e) => e.value),
                    ...c.phones.map((p) => p.value),
                    c.company,
                    c.city,
                  ]
                    .filter(Boolean)
                    .join(" · ") || "No details"}
                </p>
                <p className="text-muted-foreground">Updated {formatDate(c.updatedAt)}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </li>
  );
}
