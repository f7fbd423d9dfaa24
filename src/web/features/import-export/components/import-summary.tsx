// The dry run in numbers, and what stands in the way of committing it.
import type { ImportPreview } from "../../../../core/import/import-api";
import { Alert } from "../../../components/ui/alert";

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function importBlocker(preview: ImportPreview, isStrict: boolean): string | null {
  const { summary, capacity } = preview;
  if (isStrict && summary.invalid > 0)
    return `Strict mode is on and ${plural(summary.invalid, "entry has", "entries have")} problems, so nothing would be imported. Fix the file, or turn strict mode off to skip ${summary.invalid === 1 ? "it" : "them"}.`;
  if (!capacity.fits && summary.create === 0 && summary.merge === 0)
    return `This would add ${plural(summary.leftOver, "contact", "contacts")}, but you have room for ${plural(capacity.available, "more", "more")} (the limit is ${capacity.limit.toLocaleString("en-US")}). Delete contacts you no longer need, or download the rest to import later.`;
  if (summary.create === 0 && summary.merge === 0)
    return "There is nothing to import: every row is skipped or has a problem.";
  return null;
}

export function ImportSummary(props: { preview: ImportPreview; isStrict: boolean }) {
  const { summary } = props.preview;
  const items: [string, number, string][] = [
    ["New contacts", summary.create, "text-foreground"],
    ["Merged into existing", summary.merge, "text-foreground"],
    ["Skipped", summary.skip, "text-muted-foreground"],
    ...(summary.leftOver > 0
      ? ([["Left for later", summary.leftOver, "text-muted-foreground"]] as [
          string,
          number,
          string,
        ][])
      : []),
    [
      props.isStrict ? "With problems" : "With problems (skipped)",
      summary.invalid,
      "text-destructive",
    ],
  ];
  const blocker = importBlocker(props.preview, props.isStrict);
  return (
    <div className="grid gap-3">
      <dl
        className={`grid grid-cols-2 gap-3 ${items.length > 4 ? "sm:grid-cols-5" : "sm:grid-cols-4"}`}
        aria-label="Dry run"
      >
        {items.map(([label, value, tone]) => (
          <div key={label} className="rounded-lg border border-border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={`text-2xl font-semibold tabular-nums ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {summary.unchanged > 0 ? (
        <p className="text-sm text-muted-foreground">
          {plural(summary.unchanged, "merge adds", "merges add")} nothing new and will leave{" "}
          {summary.unchanged === 1 ? "that contact" : "those contacts"} as they are.
        </p>
      ) : null}
      {props.preview.historyCount > 0 ? (
        <p className="text-sm text-muted-foreground">
          Brings {plural(props.preview.historyCount, "entry", "entries")} of history with it.
        </p>
      ) : null}
      {blocker ? <Alert variant="destructive">{blocker}</Alert> : null}
    </div>
  );
}
