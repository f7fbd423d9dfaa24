import { useState, type FormEvent } from "react";
import { countTags } from "../../../../core/contact-list";
import type { Contact } from "../../../../core/contacts";
import { RhythmSchema, describeRhythm, type RhythmUnit } from "../../../../core/rhythm";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Label, Select } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useAssignRhythm } from "../api/assign-rhythm";
import { RhythmPicker } from "./rhythm-picker";
import { formatContactCount } from "../../../../core/plural";

type Target = "selected" | "tag";

// Give many people the same rhythm at once: the ones ticked below, or everyone with a tag.
export function BulkRhythmCard(props: {
  contacts: Contact[];
  selectedIds: string[];
  onDone: () => void;
}) {
  const assign = useAssignRhythm();
  const tags = countTags(props.contacts);
  const [rhythm, setRhythm] = useState<{ interval: number | string; unit: RhythmUnit } | null>({
    interval: 1,
    unit: "month",
  });
  const [target, setTarget] = useState<Target>("selected");
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string>();
  const count = props.selectedIds.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = rhythm ? RhythmSchema.safeParse(rhythm) : null;
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    if (target === "selected" && count === 0) return setError("Tick some contacts below first");
    if (target === "tag" && !tag) return setError("Choose a tag");
    setError(undefined);
    const value = parsed?.data ?? null;
    assign.mutate(
      target === "selected"
        ? { contactIds: props.selectedIds, rhythm: value }
        : { tag, rhythm: value },
      {
        onSuccess: ({ updated }) => {
          toast({
            title: `${describeRhythm(value)} set for ${formatContactCount(updated)}`,
            variant: "success",
          });
          props.onDone();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Set a rhythm for many at once</CardTitle>
        <CardDescription>
          Each person's next due date counts from their last contact.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <RhythmPicker value={rhythm} onChange={setRhythm} label="New rhythm" />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">For</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="target"
                className="size-4 accent-primary"
                checked={target === "selected"}
                onChange={() => setTarget("selected")}
              />
              The contacts ticked below ({count})
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="target"
                  className="size-4 accent-primary"
                  checked={target === "tag"}
                  onChange={() => setTarget("tag")}
                />
                Everyone tagged
              </label>
              <Label htmlFor="bulk-tag" className="sr-only">
                Tag
              </Label>
              <Select
                id="bulk-tag"
                className="w-auto min-w-40"
                value={tag}
                onChange={(e) => {
                  setTag(e.target.value);
                  setTarget("tag");
                }}
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
          <Button type="submit" className="justify-self-start" disabled={assign.isPending}>
            {assign.isPending ? "Saving..." : "Apply rhythm"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
