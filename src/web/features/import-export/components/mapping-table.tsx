// Which contact field each column of the file feeds; detected for the user, changeable by them.
import { useState } from "react";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ColumnMapping,
  type ImportField,
} from "../../../../core/import/import-fields";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";

export function MappingTable(props: {
  headers: string[];
  samples: string[][];
  mapping: ColumnMapping;
  detectedMapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  isBusy?: boolean;
}) {
  const { headers, samples, mapping, detectedMapping } = props;
  const [isShowingEmpty, setIsShowingEmpty] = useState(false);
  const columns = headers.map((header, index) => ({ header, index }));
  const emptyCount = columns.filter((c) => (samples[c.index] ?? []).length === 0).length;
  const shown = columns.filter(
    (c) => isShowingEmpty || (samples[c.index] ?? []).length > 0 || mapping[c.index] !== null,
  );

  function change(index: number, value: string) {
    const next = [...mapping];
    next[index] = value === "" ? null : (value as ImportField);
    props.onChange(next);
  }

  return (
    <div className="grid gap-2">
      {/* A table on wider screens; on a phone each column of the file is a card. */}
      <div className="sm:overflow-x-auto">
        <table className="block w-full text-left text-sm sm:table">
          <caption className="sr-only">Columns in your file and what they become</caption>
          <thead className="hidden border-b border-border text-muted-foreground sm:table-header-group">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Column in your file
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Examples
              </th>
              <th scope="col" className="py-2 font-medium">
                Import as
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-border sm:table-row-group">
            {shown.map(({ header, index }) => {
              const isChanged = mapping[index] !== detectedMapping[index];
              return (
                <tr key={index} className="grid gap-1 py-3 sm:table-row sm:py-0">
                  <th scope="row" className="font-medium wrap-anywhere sm:py-2 sm:pr-3">
                    {header || `Column ${index + 1}`}
                  </th>
                  <td className="truncate text-muted-foreground sm:max-w-64 sm:py-2 sm:pr-3">
                    {(samples[index] ?? []).join(" · ") || "(empty)"}
                  </td>
                  <td className="sm:py-2">
                    <div className="flex items-center gap-2">
                      <Select
                        aria-label={`Import the column "${header || `Column ${index + 1}`}" as`}
                        value={mapping[index] ?? ""}
                        disabled={props.isBusy}
                        onChange={(event) => change(index, event.target.value)}
                        className="min-w-0 flex-1 sm:min-w-48"
                      >
                        <option value="">Don&apos;t import</option>
                        {IMPORT_FIELDS.map((field) => (
                          <option key={field} value={field}>
                            {IMPORT_FIELD_LABELS[field]}
                          </option>
                        ))}
                      </Select>
                      {isChanged ? <Badge variant="outline">Changed</Badge> : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {emptyCount > 0 ? (
        <Button
          variant="link"
          className="justify-self-start px-0"
          onClick={() => setIsShowingEmpty((v) => !v)}
        >
          {isShowingEmpty
            ? "Hide empty columns"
            : `Show ${emptyCount} empty ${emptyCount === 1 ? "column" : "columns"}`}
        </Button>
      ) : null}
    </div>
  );
}
