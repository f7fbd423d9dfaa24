import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import type { GroupRhythmResult, TagSummary } from "../../../../core/group-rhythm-schema";
import { describeEffectiveRhythm } from "../../../../core/group-rhythms";
import { formatContactCount } from "../../../../core/plural";
import { describeRhythm, type Rhythm, type RhythmUnit } from "../../../../core/rhythm";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { useTags } from "../api/list-tags";
import { useSetGroupRhythm } from "../api/set-group-rhythm";
import { useUndoToast } from "../api/undo-change";
import { loadRhythmSchema } from "../lib/load-rhythm-schema";
import { RhythmPicker } from "./rhythm-picker";

type Value = { interval: number | string; unit: RhythmUnit } | null;

// Tags as groups: each can carry a rhythm that everyone tagged without one of their own follows.
export function GroupRhythmsCard() {
  const tags = useTags();
  return (
    <Card id="groups" role="region" aria-labelledby="groups-title" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="groups-title">Groups</CardTitle>
        <CardDescription>
          Give a tag a rhythm and everyone tagged who has no rhythm of their own follows it. Someone
          in several groups follows the most frequent one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {tags.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your tags…</p>
        ) : tags.isError ? (
          <LoadError
            prefix="We couldn't load your tags. "
            error={tags.error}
            onRetry={() => void tags.refetch()}
          />
        ) : tags.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No tags yet. Tag your contacts (Close friends, Family…) to give a whole group a rhythm.
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {tags.data.map((summary) => (
              <GroupRow key={summary.tag} summary={summary} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

// "12 contacts · Every 2 weeks, followed by 9" or "4 contacts · No group rhythm".
function describeGroup(summary: TagSummary): string {
  const count = formatContactCount(summary.count);
  if (!summary.rhythm) return `${count} · No group rhythm`;
  return `${count} · ${describeRhythm(summary.rhythm)}, followed by ${summary.followers}`;
}

function GroupRow(props: { summary: TagSummary }) {
  const { summary } = props;
  const [isEditing, setIsEditing] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  function close() {
    setIsEditing(false);
    toggleRef.current?.focus();
  }
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="group-row">
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">{summary.tag}</p>
        <p className="text-sm text-muted-foreground">{describeGroup(summary)}</p>
      </div>
      <Button
        ref={toggleRef}
        variant="outline"
        size="sm"
        aria-expanded={isEditing}
        onClick={() => (isEditing ? close() : setIsEditing(true))}
      >
        {summary.rhythm ? "Change rhythm" : "Set rhythm"}
        <span className="sr-only"> for {summary.tag}</span>
      </Button>
      {isEditing ? <GroupRhythmForm summary={summary} onClose={close} /> : null}
    </li>
  );
}

function GroupRhythmForm(props: { summary: TagSummary; onClose: () => void }) {
  const { summary } = props;
  const { tag } = summary;
  const [value, setValue] = useState<Value>(summary.rhythm ?? { interval: 2, unit: "week" });
  const [error, setError] = useState<string>();
  // The change a preview counted, waiting for the confirm dialog.
  const [pending, setPending] = useState<{ rhythm: Rhythm | null; preview: GroupRhythmResult }>();
  const save = useSetGroupRhythm();
  const showUndoToast = useUndoToast();
  const queryClient = useQueryClient();

  function apply(rhythm: Rhythm | null) {
    setPending(undefined);
    save.mutate(
      { tag, rhythm },
      {
        onSuccess: (result) => {
          showUndoToast({
            undoId: result.undoId,
            title: rhythm
              ? `${result.tag}: ${describeRhythm(rhythm)}`
              : `${result.tag}: no group rhythm`,
            description: `${formatContactCount(result.updated)} changed rhythm.`,
            variant: "success",
            // The tags' counts too, however many contacts the undo brought back.
            onUndone: () => void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
          });
          props.onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = value ? (await loadRhythmSchema()).safeParse(value) : null;
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const rhythm = parsed?.data ?? null;
    save.mutate(
      { tag, rhythm, preview: true },
      {
        // Nobody changes (no followers, or all have their own): nothing to confirm.
        onSuccess: (preview) =>
          preview.updated === 0 ? apply(rhythm) : setPending({ rhythm, preview }),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      onFocusCapture={() => void loadRhythmSchema().catch(() => undefined)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !pending) props.onClose();
      }}
      noValidate
      className="grid basis-full gap-3 rounded-md border border-border p-3"
    >
      <RhythmPicker
        value={value}
        onChange={setValue}
        label={`Rhythm for ${tag}`}
        hint="Everyone tagged without a rhythm of their own follows it. No rhythm: they follow another group, or have none."
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" aria-disabled={save.isPending || undefined}>
          {save.isPending ? "Saving..." : "Save group rhythm"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={props.onClose}>
          Cancel
        </Button>
      </div>
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(undefined);
          }}
          title={`Change the rhythm of ${formatContactCount(pending.preview.updated)}?`}
          description={describePreview(tag, pending.rhythm, pending.preview)}
          confirmLabel={pending.rhythm ? "Apply to the group" : "Remove the group's rhythm"}
          onConfirm={() => apply(pending.rhythm)}
        />
      ) : null}
    </form>
  );
}

// "9 contacts will follow Every 2 weeks (Close friends). 3 with a rhythm of their own keep it."
function describePreview(tag: string, rhythm: Rhythm | null, preview: GroupRhythmResult): string {
  const changing = formatContactCount(preview.updated);
  const parts = [
    rhythm
      ? `${changing} will follow ${describeEffectiveRhythm(rhythm, { tag })}.`
      : `${changing} will lose ${tag}'s rhythm and follow another group's, or have none.`,
  ];
  const others = preview.contacts - preview.followers;
  if (rhythm && others > 0) {
    parts.push(
      `${formatContactCount(others)} with a rhythm of their own or a more frequent group keep it.`,
    );
  }
  parts.push("You can undo this right after.");
  return parts.join(" ");
}
