import { Plus, Upload, UserPlus, Users } from "lucide-react";
import { memo, useMemo } from "react";
import { Link } from "react-router";
import { createContactSearch, sortContacts } from "../../../../core/contact-list";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { LoadError } from "../../../components/load-error";
import { useProductName } from "../../../lib/session/get-config";
import { useContacts } from "../api/list-contacts";
import { useContactFilters } from "../hooks/use-contact-filters";
import { ContactFiltersBar } from "./contact-filters-bar";
import { ContactList } from "./contact-list";
import { formatContactCount, formatWholeNumber } from "../../../../core/plural";

// The main screen: everyone in the address book, most urgent first, searchable as you type.
export function ContactsPage() {
  const { filters, setFilter, clearFilters, hasFilters, markOpening } = useContactFilters();
  const list = useContacts({ archived: filters.archived });
  // Sorted when the list or the order changes; a keystroke in the search only filters it.
  const sorted = useMemo(
    () => (list.data ? sortContacts(list.data.items, filters.sort) : []),
    [list.data, filters.sort],
  );
  // A search typed letter by letter narrows its previous answer (createContactSearch).
  const search = useMemo(() => createContactSearch(sorted), [sorted]);
  const selected = useMemo(() => search(filters), [search, filters]);
  const total = list.data?.total ?? 0;
  const limit = list.data?.limit ?? 1000;

  return (
    <section aria-labelledby="contacts-title" className="grid gap-6 pb-12 md:pb-0">
      <ContactsHeading total={total} limit={limit} isLoaded={Boolean(list.data)} />

      {list.isPending ? (
        <SkeletonRows label="Loading your contacts" />
      ) : list.isError ? (
        <LoadError
          prefix="We couldn't load your contacts. "
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : total === 0 ? (
        <EmptyAddressBook />
      ) : (
        <>
          <ContactFiltersBar
            contacts={list.data.items}
            filters={filters}
            counts={selected.counts}
            shownCount={selected.items.length}
            setFilter={setFilter}
            onOpenResult={markOpening}
          />
          <p className="sr-only" role="status" aria-live="polite">
            {formatContactCount(selected.items.length)} shown
          </p>
          {selected.items.length === 0 ? (
            <Card>
              <CardHeader className="items-center text-center">
                <h2 className="text-lg font-semibold">
                  {filters.archived && !hasFilters
                    ? "No archived contacts"
                    : "No contacts match these filters"}
                </h2>
                {hasFilters ? (
                  <Button variant="outline" onClick={clearFilters}>
                    Clear search and filters
                  </Button>
                ) : null}
              </CardHeader>
            </Card>
          ) : (
            <ContactList
              isStale={list.isPlaceholderData}
              contacts={selected.items}
              today={list.data.today}
              timeZone={list.data.timeZone}
            />
          )}
        </>
      )}
    </section>
  );
}

// The title, the count and the buttons: a keystroke in the search does not render them again.
const ContactsHeading = memo(function ContactsHeading(props: {
  total: number;
  limit: number;
  isLoaded: boolean;
}) {
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="contacts-title" className="text-3xl font-bold">
            Contacts
          </h1>
          {props.isLoaded ? (
            <p className="text-sm text-muted-foreground">
              {formatWholeNumber(props.total)} of {formatWholeNumber(props.limit)} contacts
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/app/contacts/duplicates">
              <Users aria-hidden />
              Duplicates
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/app/import">
              <Upload aria-hidden />
              Import
            </Link>
          </Button>
          {props.total >= props.limit ? (
            <Button disabled className="hidden md:inline-flex">
              <Plus aria-hidden />
              Add contact
            </Button>
          ) : (
            <>
              <Button asChild className="hidden md:inline-flex">
                <Link to="/app/contacts/new">
                  <Plus aria-hidden />
                  Add contact
                </Link>
              </Button>
              <AddContactThumbButton />
            </>
          )}
        </div>
      </div>

      {props.total >= props.limit ? (
        <Alert>
          You have reached the limit of {formatWholeNumber(props.limit)} contacts. Delete contacts
          you no longer need to add more.
        </Alert>
      ) : null}
    </>
  );
});

// On a phone, "Add contact" floats above the tab bar at the left, over the rows' avatar column:
// as the list scrolls it passes over avatars only, never a row's name, state or buttons (those end
// at the right, and a right gutter would take the name's room on a narrow phone). The page ends
// clear of it (ContactsPage's bottom padding).
function AddContactThumbButton() {
  return (
    <Link
      to="/app/contacts/new"
      aria-label="Add contact"
      title="Add contact"
      data-thumb-bar
      className="ui-button ui-button-default fixed bottom-[calc(5rem+env(safe-area-inset-bottom))] left-[calc(0.75rem+env(safe-area-inset-left))] z-30 size-14 rounded-full shadow-lg [&_svg]:size-6 md:hidden"
    >
      <Plus aria-hidden />
    </Link>
  );
}

function EmptyAddressBook() {
  const appName = useProductName();
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <UserPlus className="size-12 text-primary" aria-hidden />
        <h2 className="text-xl font-semibold">Your address book is empty</h2>
        <CardDescription>
          Add the people you want to keep in touch with, give each a rhythm, and {appName} shows you
          who is due for a hello.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-2">
        <Button
          asChild
          className="h-auto min-h-11 max-w-full md:min-h-10 whitespace-normal text-center"
        >
          <Link to="/app/contacts/new">
            <Plus aria-hidden />
            Add your first contact
          </Link>
        </Button>
        <Button
          asChild
          variant="outline"
          className="h-auto min-h-11 max-w-full md:min-h-10 whitespace-normal text-center"
        >
          <Link to="/app/import">
            <Upload aria-hidden />
            Import from Google, Outlook, LinkedIn or vCard
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
