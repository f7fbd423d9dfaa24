// Import: choose a file → check the columns → review rows and duplicates → dry-run numbers →
// import → result with undo.
import { CheckCircle2 } from "lucide-react";
import { Suspense, useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { lazyComponent, lazyModule } from "../../../lib/lazy";
import { useImportWizard } from "../hooks/use-import-wizard";
import { FileDrop } from "./file-drop";
import { importBlocker, ImportSummary } from "./import-summary";
import { OverLimitOffer } from "./over-limit-offer";
import { PreviewTable } from "./preview-table";
import { UndoImportButton } from "./undo-import-button";
import { formatContactCount, formatWholeNumber } from "../../../../core/plural";

// The column mapping shows once a file is read; its field list is built from the contact
// fields' definitions, which carry their zod schemas, so it loads after the page has painted
// rather than with it.
const mappingTable = lazyModule(() => import("./mapping-table"));
const MappingTable = lazyComponent(mappingTable, (m) => m.MappingTable);

function Step(props: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={props.id} className="grid gap-3">
      <h3 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

export function ImportCard() {
  const w = useImportWizard();
  useEffect(() => {
    mappingTable.preload().catch(() => undefined);
  }, []);
  const { preview, result } = w;

  if (result) {
    const { summary } = result;
    return (
      <Card role="region" aria-labelledby="import-title">
        <CardHeader>
          <CardTitle id="import-title" className="flex items-center gap-2">
            <CheckCircle2 className="size-5 text-success" aria-hidden />
            Import complete
          </CardTitle>
          <CardDescription role="status">
            {formatWholeNumber(result.import.createdCount)} added,{" "}
            {formatWholeNumber(result.import.mergedCount)} updated (contacts you already had),{" "}
            {formatWholeNumber(summary.skip + summary.invalid)} skipped
            {summary.leftOver > 0 ? `, ${formatWholeNumber(summary.leftOver)} left for later` : ""}.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/app/contacts">View contacts</Link>
          </Button>
          {result.import.canUndo ? (
            <UndoImportButton record={result.import} onUndone={w.startOver} />
          ) : null}
          <Button variant="ghost" onClick={w.startOver}>
            Import another file
          </Button>
        </CardContent>
      </Card>
    );
  }

  const blocker = preview ? importBlocker(preview, w.isStrict) : null;
  const toImport = preview ? preview.summary.create + preview.summary.merge : 0;
  // A vCard's columns are ours, not the user's: the rows below show what each card brings.
  const showsMapping = preview ? preview.headers.length > 0 && preview.source !== "vcard" : false;

  return (
    <Card role="region" aria-labelledby="import-title">
      <CardHeader>
        <CardTitle id="import-title">Import contacts</CardTitle>
        <CardDescription>
          Nothing is saved until you press Import. You can undo your most recent import.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FileDrop onFile={w.chooseFile} isBusy={w.isPreviewing || w.isCommitting} />
        {w.isPreviewing ? <Spinner label="Reading your file" /> : null}
        {w.fileError ? <Alert variant="destructive">{w.fileError}</Alert> : null}

        {preview ? (
          <>
            <p className="text-sm" role="status">
              <span className="font-medium">{preview.fileName ?? "Your file"}</span>: recognised as{" "}
              <span className="font-medium">{preview.sourceLabel}</span>, {preview.rows.length}{" "}
              {preview.rows.length === 1 ? "entry" : "entries"}.
            </p>
            {showsMapping ? (
              <Step id="mapping-title" title="1. Check the columns">
                <Suspense fallback={<Spinner />}>
                  <MappingTable
                    headers={preview.headers}
                    samples={preview.samples}
                    mapping={preview.mapping}
                    detectedMapping={preview.detectedMapping}
                    onChange={w.changeMapping}
                    isBusy={w.isPreviewing}
                  />
                </Suspense>
              </Step>
            ) : null}
            <Step id="rows-title" title={`${showsMapping ? "2" : "1"}. Review the contacts`}>
              <PreviewTable
                preview={preview}
                onDecision={w.changeDecision}
                isBusy={w.isPreviewing}
              />
            </Step>
            <Step id="summary-title" title={`${showsMapping ? "3" : "2"}. Import`}>
              <ImportSummary preview={preview} isStrict={w.isStrict} />
              <OverLimitOffer
                preview={preview}
                order={w.fitOrder}
                onOrder={w.changeFitOrder}
                onDownload={w.downloadLeftOver}
                isBusy={w.isPreviewing || w.isCommitting}
                isDownloading={w.isDownloading}
                downloadError={w.downloadError}
              />
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={w.isStrict}
                  onChange={(event) => w.setIsStrict(event.target.checked)}
                />
                <span>
                  Strict mode: import nothing if any entry has a problem (otherwise entries with
                  problems are skipped).
                </span>
              </label>
              {w.commitError ? <Alert variant="destructive">{w.commitError}</Alert> : null}
              <div className="flex flex-wrap gap-2">
                <Button
                  onClick={w.commit}
                  disabled={Boolean(blocker) || w.isPreviewing || w.isCommitting}
                >
                  {w.isCommitting ? "Importing..." : `Import ${formatContactCount(toImport)}`}
                </Button>
                <Button variant="ghost" onClick={w.startOver} disabled={w.isCommitting}>
                  Cancel
                </Button>
              </div>
            </Step>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
