import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { describeEffectiveRhythm } from "../../../../core/group-rhythms";
import { describeDue } from "../../../../core/rhythm";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { useContacts } from "../api/list-contacts";
import { BulkRhythmCard } from "./bulk-rhythm-card";
import { GroupRhythmsCard } from "./group-rhythms-card";
import { LogContactButton } from "./log-contact-button";
import { StateBadge } from "./state-badge";
import { cn } from "../../../lib/utils";

const SHOWN = 50;

type Group = { key: string; title: string; empty: string; contacts: Contact[] };

function groupContacts(contacts: Contact[]): Group[] {
  const byDue = [...contacts].sort((a, b) => (a.daysUntilDue ?? 0) - (b.daysUntilDue ?? 0));
  const byName = (a: Contact, b: Contact) =>
    contactDisplayName(a).localeCompare(contactDisplayName(b));
  return [
    {
      key: "overdue",
      title: "Overdue",
      empty: "Nobody is overdue.",
      contacts: byDue.filter((c) => c.state === "overdue"),
    },
    {
      key: "week",
      title: "Due in the next 7 days",
      empty: "Nobody is due in the next 7 days.",
      contacts: byDue.filter(
        (c) => c.daysUntilDue !== null && c.daysUntilDue >= 0 && c.daysUntilDue <= 7,
      ),
    },
    {
      key: "upcoming",
      title: "Upcoming",
      empty: "Nobody else has a due date yet.",
      contacts: byDue.filter((c) => c.daysUntilDue !== null && c.daysUntilDue > 7),
    },
    {
      key: "none",
      title: "Without a rhythm",
      empty: "Everyone has a rhythm.",
      contacts: contacts.filter((c) => !c.rhythm).sort(byName),
    },
  ];
}

export function RhythmsPage() {
  const list = useContacts();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const groups = useMemo(() => groupContacts(list.data?.items ?? []), [list.data]);
  const bulkCard = useRef<HTMLDivElement>(null);

  function toggle(ids: string[], isOn: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (isOn) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  return (
    <section
      aria-labelledby="rhythms-title"
      className={cn("grid grid-cols-[minmax(0,1fr)] gap-6", selected.size > 0 && "pb-16 md:pb-0")}
    >
      <div>
        <h1 id="rhythms-title" className="text-3xl font-bold">
          Rhythms
        </h1>
        <p className="text-muted-foreground">
          Who is due, who is coming up, and who has no rhythm yet.
        </p>
      </div>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <LoadError
          prefix="We couldn't load your contacts. "
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Card>
          <CardHeader className="items-center text-center">
            <h2 className="text-xl font-semibold">No contacts yet</h2>
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to="/app/contacts/new">Add a contact</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/app/import">Import contacts</Link>
              </Button>
            </div>
          </CardHeader>
        </Card>
      ) : (
        <>
          <div ref={bulkCard}>
            <BulkRhythmCard
              contacts={list.data.items}
              selectedIds={[...selected]}
              onDone={() => setSelected(new Set())}
            />
          </div>
          <GroupRhythmsCard />
          {groups.map((group) => (
            <RhythmGroup key={group.key} group={group} selected={selected} onToggle={toggle} />
          ))}
          {selected.size > 0 ? (
            <SelectedThumbBar
              count={selected.size}
              onChoose={() => {
                const picker = bulkCard.current?.querySelector("select");
                picker?.focus({ preventScroll: true });
                picker?.scrollIntoView({ block: "center" });
              }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

// On a phone, people ticked far down the page get their rhythm from a button above the tab bar:
// it takes the thumb to the card at the top, its rhythm field focused.
function SelectedThumbBar(props: { count: number; onChoose: () => void }) {
  return (
    <div
      data-thumb-bar
      className="fixed inset-x-[calc(1rem+env(safe-area-inset-left))] bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 md:hidden"
    >
      <Button className="w-full shadow-lg" onClick={props.onChoose}>
        Set rhythm for {props.count} selected
      </Button>
    </div>
  );
}

function RhythmGroup(props: {
  group: Group;
  selected: Set<string>;
  onToggle: (ids: string[], isOn: boolean) => void;
}) {
  const { group, selected } = props;
  const [isAll, setIsAll] = useState(false);
  const shown = isAll ? group.contacts : group.contacts.slice(0, SHOWN);
  const ids = group.contacts.map((c) => c.id);
  const isAllSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const headingId = `group-${group.key}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>
          {group.title}{" "}
          <span className="text-base font-normal text-muted-foreground">
            ({group.contacts.length})
          </span>
        </CardTitle>
        {ids.length > 0 ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={isAllSelected}
              onChange={(e) => props.onToggle(ids, e.target.checked)}
            />
            Select all {group.contacts.length}
          </label>
        ) : null}
      </CardHeader>
      <CardContent>
        {group.contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{group.empty}</p>
        ) : (
          <ul className="divide-y divide-border">
            {shown.map((c) => {
              const name = contactDisplayName(c);
              return (
                <li key={c.id} className="flex flex-wrap items-center gap-3 py-2">
                  {/* The box's label is its 44 px target on a phone. */}
                  <label className="-ml-3.5 flex size-11 shrink-0 items-center justify-center md:ml-0 md:size-auto">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={`Select ${name}`}
                      checked={selected.has(c.id)}
                      onChange={(e) => props.onToggle([c.id], e.target.checked)}
                    />
                  </label>
                  <Link
                    to={`/app/contacts/${c.id}`}
                    className="flex min-h-11 min-w-32 flex-1 items-center font-medium hover:underline md:min-h-0"
                  >
                    {name}
                  </Link>
                  <span className="w-44 text-sm text-muted-foreground">
                    {describeEffectiveRhythm(c.rhythm, c.rhythmSource)}
                  </span>
                  {c.rhythm ? (
                    <span className="flex w-56 items-center gap-2 text-sm">
                      <StateBadge state={c.state} />
                      <span className="text-muted-foreground">{describeDue(c)}</span>
                    </span>
                  ) : null}
                  {c.rhythm ? <LogContactButton contact={c} /> : null}
                </li>
              );
            })}
          </ul>
        )}
        {group.contacts.length > SHOWN && !isAll ? (
          <Button variant="link" onClick={() => setIsAll(true)}>
            Show all {group.contacts.length}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
