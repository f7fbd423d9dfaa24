// A file with more new people than the account has room for: import those that fit now, and
// take the rest away as a file.
import { Download } from "lucide-react";
import type { FitOrder } from "../../../../core/import/fit-limit";
import type { ImportPreview } from "../../../../core/import/import-api";
import { formatContactCount, formatWholeNumber } from "../../../../core/plural";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";

const ORDERS: [FitOrder, string][] = [
  ["recent", "The most recently contacted"],
  ["file", "The first in the file"],
];

export function OverLimitOffer(props: {
  preview: ImportPreview;
  /** The order the user picked, shown at once while the preview catches up. */
  order: FitOrder | null;
  onOrder: (order: FitOrder) => void;
  onDownload: () => void;
  isBusy?: boolean;
  isDownloading?: boolean;
  downloadError: string | null;
}) {
  const { capacity, overLimit, summary } = props.preview;
  if (!overLimit) return null;
  const which = overLimit.order === "recent" ? "most recently contacted" : "first in the file";
  const rest = overLimit.leftOver;
  return (
    <div className="grid gap-3" data-testid="over-limit-offer">
      <Alert>
        This file would add {formatContactCount(summary.create + rest)}, but you have room for{" "}
        {formatWholeNumber(capacity.available)} more (the limit is{" "}
        {formatWholeNumber(capacity.limit)}).{" "}
        {overLimit.keep > 0
          ? `You can import the ${formatWholeNumber(overLimit.keep)} ${which} now. `
          : ""}
        The other {formatWholeNumber(rest)} are left for later: they are marked in the list, and you
        can download them as a file to import once you have room, or elsewhere.
      </Alert>
      {overLimit.canOrderByRecent ? (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 text-sm font-medium">Which contacts to import now</legend>
          {ORDERS.map(([order, label]) => (
            <label key={order} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="fit-order"
                value={order}
                className="size-4 accent-primary"
                checked={(props.order ?? overLimit.order) === order}
                disabled={props.isBusy}
                onChange={() => props.onOrder(order)}
              />
              {label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Button
        variant="outline"
        className="h-auto min-h-11 max-w-full md:min-h-10 justify-self-start whitespace-normal text-left"
        onClick={props.onDownload}
        disabled={props.isBusy || props.isDownloading}
      >
        <Download className="size-4" aria-hidden />
        {props.isDownloading
          ? "Preparing the file..."
          : `Download the ${formatWholeNumber(rest)} left for later`}
      </Button>
      {props.downloadError ? <Alert variant="destructive">{props.downloadError}</Alert> : null}
    </div>
  );
}
