import {
  AlarmClockOff,
  Archive,
  ArchiveRestore,
  ArrowLeft,
  ChevronDown,
  Pencil,
  Trash2,
} from "lucide-react";
import { Suspense, useEffect, useRef, useState, type ComponentProps } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import {
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  type ContactMethod,
} from "../../../../core/contact-methods";
import type { ContactDetail } from "../../../../core/households";
import { describeEffectiveRhythm } from "../../../../core/group-rhythms";
import { describeDue } from "../../../../core/rhythm";
import { ContactAvatar } from "./contact-avatar";
import { ContactPhotoField } from "./contact-photo-field";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { Select } from "../../../components/ui/input";
import { PageSpinner, Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { describeLoadFailure } from "../../../lib/load-failure";
import { lazyComponent, lazyModule } from "../../../lib/lazy";
import { toast } from "../../../lib/toast";
import { QUEUED_NOTE } from "../../../lib/offline-queue";
import { useArchiveContact } from "../api/archive-contact";
import { useUndoToast } from "../api/undo-change";
import { useDeleteContact } from "../api/delete-contact";
import { useContact } from "../api/get-contact";
import { useUpdateContact } from "../api/update-contact";
import { useTimeZone } from "../../../lib/session/use-time-zone";
import type * as SnoozeMenuModule from "./snooze-menu";
import { formatDay } from "../../../lib/format-date";
import { browserToday, describeLastContact } from "../lib/format";
import { ContactDetailsCard } from "./contact-details-card";
import { HistoryTimeline } from "./history-timeline";
import { HouseholdCard } from "./household-card";
import { RelationshipsCard } from "./relationships-card";
import { LogContactButton } from "./log-contact-button";
import { PendingBadge } from "./pending-badge";
import { StateBadge } from "./state-badge";

// The edit form (react-hook-form, the contact schemas) and the snooze menu (Radix menu, popper)
// are not part of the page's first paint: they are asked for as the page first renders, and the
// page paints without waiting for them.
// Edit shows the form as soon as its code is in; the Snooze button stands in until its menu's
// code is, and a press meanwhile opens the menu when it arrives.
const contactForm = lazyModule(() => import("./contact-form"));
const snoozeMenu = lazyModule(() => import("./snooze-menu"));

const ContactForm = lazyComponent(contactForm, (m) => m.ContactForm);

function SnoozeMenu(
  props: Omit<
    ComponentProps<typeof SnoozeMenuModule.SnoozeMenu>,
    "isOpenAtStart" | "isFocusedAtStart"
  >,
) {
  const [isPressed, setPressed] = useState(false);
  // Focus on the stand-in (tabbed onto, or pressed by keyboard) moves to the real button when it
  // arrives; a mouse press does not focus it (below), as on Radix's trigger.
  const [isFocused, setFocused] = useState(false);
  return (
    <Suspense
      fallback={
        <Button
          variant="outline"
          aria-haspopup="menu"
          aria-expanded={false}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          // As Radix's trigger does, a mouse opens the menu on press, not on release: a stand-in
          // replaced between the two would otherwise lose the click.
          onPointerDown={(event) => {
            if (event.button !== 0 || event.ctrlKey) return;
            event.preventDefault();
            setPressed(true);
          }}
          onClick={() => setPressed(true)}
        >
          <AlarmClockOff aria-hidden />
          Snooze
          <ChevronDown aria-hidden />
        </Button>
      }
    >
      <LoadedSnoozeMenu {...props} isOpenAtStart={isPressed} isFocusedAtStart={isFocused} />
    </Suspense>
  );
}

const LoadedSnoozeMenu = lazyComponent(snoozeMenu, (m) => m.SnoozeMenu);

export function ContactDetailPage() {
  const { id = "" } = useParams();
  const contact = useContact(id);
  // Opening a contact puts focus on its name, so a keyboard or screen reader starts there rather
  // than on the link that is gone; once per contact, not on every refetch.
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (contact.isPending || focusedFor.current === id) return;
    focusedFor.current = id;
    document.getElementById("contact-title")?.focus({ preventScroll: true });
  }, [id, contact.isPending]);
  useEffect(() => {
    contactForm.preload().catch(() => undefined);
    snoozeMenu.preload().catch(() => undefined);
  }, []);
  return (
    <section
      aria-labelledby="contact-title"
      className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6"
    >
      <Link
        to="/app/contacts"
        className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm text-muted-foreground hover:underline md:min-h-0"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Contacts
      </Link>
      {contact.isPending ? (
        <PageSpinner />
      ) : contact.isError ? (
        <ContactLoadFailure error={contact.error} onRetry={() => void contact.refetch()} />
      ) : (
        <ContactView contact={contact.data} />
      )}
    </section>
  );
}

// Logs by the contact's preferred way to get in touch unless another is picked beside the button,
// and for the others of their household who were there (all of them unless unticked).
function LogWithChannel({ contact }: { contact: ContactDetail }) {
  const [channel, setChannel] = useState<ContactMethod>(contact.preferredMethod ?? "other");
  const [absent, setAbsent] = useState<string[]>([]);
  const others = (contact.household?.members ?? []).filter((m) => m.id !== contact.id);
  const present = others.filter((m) => !absent.includes(m.id));
  return (
    <div className="grid gap-2">
      <div className="flex min-w-0 items-center gap-2">
        <LogContactButton
          contact={contact}
          channel={channel}
          variant="default"
          size="default"
          with={present}
        />
        <Select
          aria-label="How you were in touch"
          className="w-auto min-w-0"
          value={channel}
          onChange={(event) => setChannel(event.target.value as ContactMethod)}
        >
          {CONTACT_METHODS.map((method) => (
            <option key={method} value={method}>
              {CONTACT_METHOD_LABELS[method]}
            </option>
          ))}
        </Select>
      </div>
      {others.length > 0 ? (
        <fieldset className="flex flex-wrap items-center gap-x-4">
          <legend className="float-left mr-4 text-sm text-muted-foreground">
            Who else was there
          </legend>
          {others.map((m) => (
            <label key={m.id} className="flex min-h-11 items-center gap-2 text-sm md:min-h-8">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={!absent.includes(m.id)}
                onChange={() =>
                  setAbsent((now) =>
                    now.includes(m.id) ? now.filter((x) => x !== m.id) : [...now, m.id],
                  )
                }
              />
              {m.name}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

function ContactLoadFailure(props: { error: unknown; onRetry: () => void }) {
  if (describeLoadFailure(props.error).isNotFound)
    return (
      <>
        <h1 id="contact-title" tabIndex={-1} className="text-3xl font-bold outline-none">
          Contact not found
        </h1>
        <p className="text-muted-foreground">
          This contact was deleted, or the link is wrong.{" "}
          <Link to="/app/contacts" className="underline">
            Back to your contacts
          </Link>
        </p>
      </>
    );
  return (
    <>
      <h1 id="contact-title" tabIndex={-1} className="text-3xl font-bold outline-none">
        Couldn't load this contact
      </h1>
      <LoadError error={props.error} onRetry={props.onRetry} />
    </>
  );
}

function ContactView({ contact }: { contact: ContactDetail }) {
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const today = browserToday(timeZone);
  // "?edit=place" (the map's "Fix the place") opens the form straight away.
  const [searchParams, setSearchParams] = useSearchParams();
  const [isEditing, setIsEditing] = useState(() => searchParams.has("edit"));
  useEffect(() => {
    if (searchParams.has("edit")) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  // After a save (or cancel) focus goes back to the Edit button that opened the form.
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) editRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  const update = useUpdateContact(contact.id);
  const archive = useArchiveContact();
  const showUndoToast = useUndoToast();
  const remove = useDeleteContact();
  const name = contactDisplayName(contact);
  const subtitle = [contact.jobTitle, contact.company].filter(Boolean).join(" at ");

  if (isEditing) {
    return (
      <>
        <h1 id="contact-title" tabIndex={-1} className="text-3xl font-bold outline-none">
          Edit {name}
        </h1>
        <ContactPhotoField contact={contact} name={name} />
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <ContactForm
            mode="edit"
            contact={contact}
            timeZone={timeZone}
            onCancel={() => setIsEditing(false)}
            onSubmit={async (input) => {
              await update.mutateAsync(input);
              toast({ title: "Contact saved", variant: "success" });
              setIsEditing(false);
            }}
          />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        <ContactAvatar name={name} photoUrl={contact.photoUrl} size={64} />
        <div className="grid min-w-0 gap-1">
          <h1
            id="contact-title"
            tabIndex={-1}
            className="text-3xl font-bold wrap-anywhere outline-none"
          >
            {name}
          </h1>
          {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
          {contact.archivedAt ? <p className="text-sm font-medium">Archived</p> : null}
        </div>
      </div>

      <div className="grid gap-2 rounded-xl border border-border bg-card p-4" aria-live="polite">
        {/* Archived people are out of the rhythm: no due state, nothing to log or snooze. */}
        {contact.archivedAt ? (
          <div className="flex flex-wrap items-center gap-3">
            <PendingBadge contactId={contact.id} />
            <p className="text-sm" data-testid="due-text">
              Archived: not due, and left out of reminders. Unarchive to bring {name} back.
            </p>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <StateBadge state={contact.state} />
            <PendingBadge contactId={contact.id} />
            <span className="text-sm" data-testid="due-text">
              {contact.rhythm ? describeDue(contact) : "No rhythm set"}
              {contact.dueDate ? ` · ${formatDay(contact.dueDate)}` : ""}
              {contact.isSnoozed ? " (snoozed)" : ""}
            </span>
          </div>
        )}
        <p className="text-sm text-muted-foreground">
          Rhythm: {describeEffectiveRhythm(contact.rhythm, contact.rhythmSource)} · Last contacted:{" "}
          {describeLastContact(contact.lastContactedAt, { today, timeZone })}
        </p>
        <div className="flex flex-wrap gap-2 pt-2">
          {contact.archivedAt ? null : (
            <>
              <LogWithChannel contact={contact} />
              <SnoozeMenu contact={contact} today={today} />
            </>
          )}
          <Button variant="outline" ref={editRef} onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="outline"
            disabled={archive.isPending}
            onClick={() =>
              archive.mutate(
                { id: contact.id, isArchived: !contact.archivedAt },
                {
                  onSuccess: ({ contact: c, undoId, isQueued }) =>
                    showUndoToast({
                      undoId,
                      title: c.archivedAt ? `${name} archived` : `${name} restored`,
                      description: isQueued ? QUEUED_NOTE : undefined,
                    }),
                  onError: (error) =>
                    toast({
                      title: "Couldn't archive",
                      description: errorMessage(error),
                      variant: "destructive",
                    }),
                },
              )
            }
          >
            {contact.archivedAt ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
            {contact.archivedAt ? "Unarchive" : "Archive"}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" className="text-destructive">
                <Trash2 aria-hidden />
                Delete
              </Button>
            }
            title={`Delete ${name}?`}
            description={`This deletes ${name} and all of their history. It can't be undone. To hide someone without losing anything, archive them instead.`}
            confirmLabel="Delete contact"
            isDestructive
            onConfirm={() =>
              remove.mutate(contact.id, {
                onSuccess: ({ isQueued }) => {
                  toast({
                    title: `${name} deleted`,
                    description: isQueued ? QUEUED_NOTE : undefined,
                  });
                  void navigate("/app/contacts");
                },
                onError: (error) =>
                  toast({
                    title: "Couldn't delete",
                    description: errorMessage(error),
                    variant: "destructive",
                  }),
              })
            }
          />
        </div>
      </div>

      <ContactDetailsCard contact={contact} />
      <HouseholdCard contact={contact} />
      <RelationshipsCard contact={contact} />
      <HistoryTimeline contact={contact} timeZone={timeZone} />
    </>
  );
}
