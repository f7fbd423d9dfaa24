import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import { isOverlayOpen } from "../../../lib/overlay";
import { toast } from "../../../lib/toast";
import { useCreateContact } from "../api/create-contact";
import { useTimeZone } from "../../../lib/session/use-time-zone";
import { ContactForm } from "./contact-form";

export function NewContactPage() {
  const navigate = useNavigate();
  const create = useCreateContact();
  const timeZone = useTimeZone();
  // Escape leaves the form as Cancel does (the leave guard asks first when it is dirty); a list,
  // menu or dialog open on the page takes the key for itself.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented || isOverlayOpen()) return;
      event.preventDefault();
      void navigate("/app/contacts");
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);
  return (
    <section aria-labelledby="new-contact-title" className="mx-auto grid max-w-3xl gap-6">
      {" "}
      <Link
        to="/app/contacts"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Contacts
      </Link>
      <h1 id="new-contact-title" className="text-3xl font-bold">
        Add a contact
      </h1>
      <ContactForm
        mode="create"
        timeZone={timeZone}
        onCancel={() => void navigate("/app/contacts")}
        onSubmit={async (input) => {
          const contact = await create.mutateAsync(input);
          toast({ title: `${contactDisplayName(contact)} added`, variant: "success" });
          await navigate(`/app/contacts/${contact.id}`);
        }}
      />
    </section>
  );
}
