// The last imports, newest first; the newest can be undone from here even after a reload.
import {
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportSource,
} from "../../../../core/import/import-sources";
import { Badge } from "../../../components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { useImports } from "../api/list-imports";
import { UndoImportButton } from "./undo-import-button";
import { DateText } from "../../../components/date-text";
import { formatWholeNumber } from "../../../../core/plural";

function sourceLabel(source: string): string {
  return isImportSource(source) ? IMPORT_SOURCE_LABELS[source] : source;
}

export function RecentImports() {
  const imports = useImports();
  const items = imports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="recent-imports-title">
      <CardHeader>
        <CardTitle id="recent-imports-title">Recent imports</CardTitle>
        <CardDescription>Only the most recent import can be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-48 flex-1">
                <p className="font-medium">
                  {item.fileName ?? sourceLabel(item.source)}{" "}
                  {item.status === "undone" ? <Badge variant="outline">Undone</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {sourceLabel(item.source)} · <DateText value={item.createdAt} withTime /> ·{" "}
                  {formatWholeNumber(item.createdCount)} added,{" "}
                  {formatWholeNumber(item.mergedCount)} updated,{" "}
                  {formatWholeNumber(item.skippedCount)} skipped
                </p>
              </div>
              {item.canUndo ? <UndoImportButton record={item} /> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function isImportSource(source: string): source is ImportSource {
  return (IMPORT_SOURCES as readonly string[]).includes(source);
}
