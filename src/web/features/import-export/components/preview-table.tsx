// Every row as it will be imported: problems highlighted, duplicates with a choice per row.
import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import type { ImportPreview, PreviewRow } from "../../../../core/import/import-api";
import { describeLeftOut } from "../../../../core/import/left-out-summary";
import type { RowDecision } from "../../../../core/import/plan-import";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";

const PAGE = 100;
const REASONS = { email: "same email", phone: "same phone", name: "same name" } as const;

type Filter = "all" | "problems" | "duplicates" | "later";

export function unitWord(unit: ImportPreview["unit"]): string {
  return unit === "row" ? "Row" : unit === "card" ? "Card" : "Contact";
}

function duplicateText(row: PreviewRow, unit: string): string | null {
  const d = row.duplicate;
  if (!d) return null;
  return d.kind === "existing"
    ? `Matches ${d.name} in your contacts (${REASONS[d.reason]})`
    : `Same person as ${unit.toLowerCase()} ${d.line} (${REASONS[d.reason]})`;
}

function ChoiceSelect(props: {
  row: PreviewRow;
  unit: string;
  onChange: (line: number, decision: RowDecision) => void;
  isBusy?: boolean;
}) {
  const { row } = props;
  if (!row.decision) return null;
  return (
    <Select
      aria-label={`What to do with ${props.unit.toLowerCase()} ${row.line} (${row.name})`}
      value={row.decision}
      disabled={props.isBusy}
      onChange={(event) => props.onChange(row.line, event.target.value as RowDecision)}
      className="h-9 min-w-40"
    >
      {row.duplicate ? (
        <option value="merge">
          {row.duplicate.kind === "existing" ? "Merge into existing" : "Merge with that row"}
        </option>
      ) : null}
      <option value="create">{row.duplicate ? "Add as a new contact" : "Import"}</option>
      <option value="skip">Skip</option>
    </Select>
  );
}

// Every field the row brings, labelled: the same for a spreadsheet row and a vCard card.
function RowDetails({ row }: { row: PreviewRow }) {
  if (row.details.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-muted-foreground">
      {row.details.map((d) => (
        <div key={d.label} className="contents">
          <dt className="font-medium text-foreground">{d.label}</dt>
          <dd className="wrap-anywhere whitespace-pre-line">{d.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PreviewTable(props: {
  preview: ImportPreview;
  onDecision: (line: number, decision: RowDecision) => void;
  isBusy?: boolean;
}) {
  const { preview } = props;
  const [filter, setFilter] = useState<Filter>("all");
  const [limit, setLimit] = useState(PAGE);
  const unit = unitWord(preview.unit);
  const problems = preview.rows.filter((r) => r.errors.length > 0 || r.warnings.length > 0);
  const duplicates = preview.rows.filter((r) => r.duplicate);
  const later = preview.rows.filter((r) => r.isLeftOver);
  const byFilter = { all: preview.rows, problems, duplicates, later };
  const rows = byFilter[filter];
  const filters: [Filter, string, number][] = [
    ["all", "All", preview.rows.length],
    ["problems", "With problems", problems.length],
    ["duplicates", "Possible duplicates", duplicates.length],
    ...(later.length > 0
      ? [["later", "Left for later", later.length] as [Filter, string, number]]
      : []),
  ];
  const leftOut = describeLeftOut(preview.leftOut);

  return (
    <div className="grid gap-3">
      {leftOut ? (
        <p className="text-sm" data-testid="left-out-summary">
          <span className="font-medium">{leftOut}</span> of the contacts you import; each is named
          on its row under &ldquo;With problems&rdquo;.
        </p>
      ) : null}
      <div role="group" aria-label="Show rows" className="flex flex-wrap gap-2">
        {filters.map(([key, label, count]) => (
          <Button
            key={key}
            size="sm"
            variant={filter === key ? "default" : "outline"}
            aria-pressed={filter === key}
            onClick={() => {
              setFilter(key);
              setLimit(PAGE);
            }}
          >
            {label} ({count})
          </Button>
        ))}
      </div>
      {/* A table on wider screens; on a phone each row is a card, its cells labelled. */}
      <div className="sm:overflow-x-auto">
        <table className="block w-full text-left text-sm sm:table">
          <caption className="sr-only">What each {unit.toLowerCase()} of your file becomes</caption>
          <thead className="hidden border-b border-border text-muted-foreground sm:table-header-group">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {unit}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                What is imported
              </th>
              <th scope="col" className="py-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-border sm:table-row-group">
            {rows.slice(0, limit).map((row) => {
              const isBad = row.errors.length > 0;
              const dup = duplicateText(row, unit);
              return (
                <tr
                  key={row.line}
                  data-testid={`preview-row-${row.line}`}
                  className={cn(
                    "grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 py-3 sm:table-row sm:py-0",
                    isBad && "bg-destructive/10",
                  )}
                >
                  <td className="align-top tabular-nums sm:py-2 sm:pr-3">{row.line}</td>
                  <td className="align-top font-medium wrap-anywhere sm:py-2 sm:pr-3">
                    {row.name}
                  </td>
                  <td className="col-span-2 align-top sm:py-2 sm:pr-3">
                    <RowDetails row={row} />
                  </td>
                  <td className="col-span-2 align-top sm:py-2">
                    {isBad ? (
                      <div className="grid gap-1 text-destructive">
                        <span className="flex items-center gap-1 font-medium">
                          <AlertTriangle className="size-4" aria-hidden />
                          Not imported:
                        </span>
                        <ul className="list-disc pl-5">
                          {[...row.errors, ...row.warnings].map((e, i) => (
                            <li key={i}>{e.message}</li>
                          ))}
                        </ul>
                      </div>
                    ) : (
                      <div className="grid gap-1">
                        {row.warnings.length > 0 ? (
                          <div className="grid gap-1 text-sm">
                            <span className="font-medium">
                              {row.isLeftOver
                                ? "Notes for when it is imported:"
                                : "Imported, with notes:"}
                            </span>
                            <ul className="list-disc pl-5 text-muted-foreground">
                              {row.warnings.map((w, i) => (
                                <li key={i}>{w.message}</li>
                              ))}
                            </ul>
                          </div>
                        ) : null}
                        {row.isLeftOver ? (
                          <span className="text-sm font-medium">
                            Left for later: past the contact limit. It is in the file of the rest.
                          </span>
                        ) : null}
                        {dup ? <span className="text-sm">{dup}</span> : null}
                        <ChoiceSelect
                          row={row}
                          unit={unit}
                          onChange={props.onDecision}
                          isBusy={props.isBusy}
                        />
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">Nothing here.</p> : null}
      {rows.length > limit ? (
        <Button
          variant="link"
          className="justify-self-start px-0"
          onClick={() => setLimit(rows.length)}
        >
          Show all {rows.length}
        </Button>
      ) : null}
    </div>
  );
}
