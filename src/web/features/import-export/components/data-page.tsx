// /app/import, the "Data" tab: bring contacts in (CSV, vCard, JSON) and take everything out.
import { Link } from "react-router";
import { ExportCard } from "./export-card";
import { ImportCard } from "./import-card";
import { RecentImports } from "./recent-imports";

export function DataPage() {
  return (
    <section aria-labelledby="data-title" className="grid gap-6">
      <div>
        <h1 id="data-title" className="text-3xl font-bold">
          Data
        </h1>
        <p className="text-muted-foreground">
          Bring in your address book from Google, Outlook, LinkedIn or a vCard file, and take
          everything out again.
        </p>
      </div>
      <ImportCard />
      <p className="text-sm text-muted-foreground">
        The same person imported twice, or typed in before?{" "}
        <Link to="/app/contacts/duplicates" className="font-medium text-foreground underline">
          Find and merge duplicates
        </Link>
      </p>
      <RecentImports />
      <ExportCard />
    </section>
  );
}
