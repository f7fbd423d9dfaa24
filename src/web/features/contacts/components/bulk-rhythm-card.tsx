import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { countTags } from "../../../../core/contact-list";
import type { Contact } from "../../../../core/contacts";
import { describeRhythm, type Rhythm, type RhythmUnit } from "../../../../core/rhythm";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { Label, Select } from "../../../components/ui/input";
import { showServerErrors } from "../../../lib/form-errors";
import type { BulkRhythmInput, BulkRhythmResult } from "../../../../core/interactions";
import { useAssignRhythm } from "../api/assign-rhythm";
import { useUndoToast } from "../api/undo-change";
import { loadRhythmSchema } from "../lib/load-rhythm-schema";
import { RhythmPicker } from "./rhythm-picker";
import { formatContactCount } from "../../../../core/plural";

type Target = "selected" | "tag";
type BulkValues = {
  rhythm: { interval: number | string; unit: RhythmUnit } | null;
  target: Target;
  tag: string;
};

// Give many people the same rhythm at once: the ones ticked below, or everyone with a tag.
export function BulkRhythmCard(props: {
  contacts: Contact[];
  selectedIds: string[];
  onDone: () => void;
}) {
  const assign = useAssignRhythm();
  const tags = countTags(props.contacts);
  const form = useForm<BulkValues>({
    defaultValues: { rhythm: { interval: 1, unit: "month" }, target: "selected", tag: "" },
  });
  // The card has one message (what to fix, or why the server refused), shown under the choices.
  const error = form.formState.errors.root?.message;
  function setError(message: string | undefined) {
    if (message) form.setError("root", { message });
    else form.clearErrors("root");
  }
  function showFailure(failure: unknown) {
    showServerErrors(form.setError, failure, {
      fallback: "We couldn't change the rhythms.",
      knownFields: [],
    });
  }
  // The change a preview counted, waiting for "Apply" in the confirm dialog.
  const [pending, setPending] = useState<{
    input: BulkRhythmInput;
    rhythm: Rhythm | null;
    preview: BulkRhythmResult;
  }>();
  const showUndoToast = useUndoToast();
  // Focus comes back to "Apply rhythm" after the confirm dialog and the save.
  const submitRef = useRef<HTMLButtonElement>(null);
  const count = props.selectedIds.length;

  function apply(input: BulkRhythmInput, rhythm: Rhythm | null) {
    setPending(undefined);
    assign.mutate(input, {
      onSuccess: ({ updated, undoId }) => {
        showUndoToast({
          undoId,
          title: `${describeRhythm(rhythm)} set for ${formatContactCount(updated)}`,
          variant: "success",
        });
        props.onDone();
      },
      onError: showFailure,
      onSettled: () => submitRef.current?.focus(),
    });
  }

  const submit = form.handleSubmit(async ({ rhythm, target, tag }) => {
    if (assign.isPending) return;
    const parsed = rhythm ? (await loadRhythmSchema()).safeParse(rhythm) : null;
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    if (target === "selected" && count === 0) return setError("Tick some contacts below first");
    if (target === "tag" && !tag) return setError("Choose a tag");
    setError(undefined);
    const value = parsed?.data ?? null;
    const input: BulkRhythmInput =
      target === "selected"
        ? { contactIds: props.selectedIds, rhythm: value }
        : { tag, rhythm: value };
    // First count what would change, then ask.
    assign.mutate(
      { ...input, preview: true },
      {
        onSuccess: (preview) =>
          preview.updated === 0
            ? setError(
                `Nothing to change: ${preview.matched === 1 ? "that contact already has" : "they all already have"} this rhythm.`,
              )
            : setPending({ input, rhythm: value, preview }),
        onError: showFailure,
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Set a rhythm for many at once</CardTitle>
        <CardDescription>
          Each person's next due date counts from their last contact.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(e) => {
            // A second Enter while the first is still waiting for the schema: one preview.
            if (form.formState.isSubmitting) return e.preventDefault();
            void submit(e);
          }}
          onFocusCapture={() => void loadRhythmSchema().catch(() => undefined)}
          noValidate
          className="grid grid-cols-1 gap-4"
        >
          <Controller
            control={form.control}
            name="rhythm"
            render={({ field }) => (
              <RhythmPicker value={field.value} onChange={field.onChange} label="New rhythm" />
            )}
          />
          <fieldset className="grid min-w-0 grid-cols-1 gap-2">
            <legend className="mb-1 text-sm font-medium">For</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value="selected"
                className="size-4 accent-primary"
                {...form.register("target")}
              />
              The contacts ticked below ({count})
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="tag"
                  className="size-4 accent-primary"
                  {...form.register("target")}
                />
                Everyone tagged
              </label>
              <Label htmlFor="bulk-tag" className="sr-only">
                Tag
              </Label>
              <Select
                id="bulk-tag"
                className="w-auto min-w-40 max-w-full"
                {...form.register("tag", {
                  // Choosing a tag means "everyone tagged".
                  onChange: () => form.setValue("target", "tag"),
                })}
              >
                <option value="">Choose a tag</option>
                {tags.map((t) => (
                  <option key={t.tag} value={t.tag}>
                    {t.tag} ({t.count})
                  </option>
                ))}
              </Select>
            </div>
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Button
            type="submit"
            ref={submitRef}
            className="justify-self-start"
            aria-disabled={assign.isPending || undefined}
          >
            {assign.isPending ? "Saving..." : "Apply rhythm"}
          </Button>
        </form>
        {pending ? (
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setPending(undefined);
            }}
            title={`Change the rhythm of ${formatContactCount(pending.preview.updated)}?`}
            description={describePreview(pending.rhythm, pending.preview)}
            confirmLabel={pending.rhythm ? "Apply rhythm" : "Remove rhythms"}
            onConfirm={() => apply(pending.input, pending.rhythm)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

// "3 contacts will get Monthly. 2 of them have a rhythm now, which this replaces."
function describePreview(value: Rhythm | null, preview: BulkRhythmResult): string {
  const rhythm = describeRhythm(value);
  const unchanged = preview.matched - preview.updated;
  const parts = [
    value
      ? `${formatContactCount(preview.updated)} will get ${rhythm}.`
      : `${formatContactCount(preview.updated)} will have no rhythm.`,
  ];
  if (preview.overwritten > 0) {
    parts.push(
      `${preview.overwritten === preview.updated ? (preview.updated === 1 ? "It has" : "All of them have") : `${preview.overwritten} of them ${preview.overwritten === 1 ? "has" : "have"}`} a rhythm now, which this replaces.`,
    );
  }
  if (unchanged > 0)
    parts.push(`${formatContactCount(unchanged)} already ${unchanged === 1 ? "has" : "have"} it.`);
  parts.push("You can undo this right after.");
  return parts.join(" ");
}
