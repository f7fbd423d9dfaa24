// The contact's photo on the edit page: choose one (checked and re-encoded by the server, as an
// avatar is) or remove it. It is saved at once, apart from the form's other fields.
import { Trash2 } from "lucide-react";
import { useEffect, useId, useRef, type ChangeEvent } from "react";
import type { Contact } from "../../../../core/contacts";
import { Button } from "../../../components/ui/button";
import { ImageFileButton } from "../../../components/ui/image-file-button";
import { toastError } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useRemoveContactPhoto, useSetContactPhoto } from "../api/contact-photo";
import { ContactAvatar } from "./contact-avatar";

export function ContactPhotoField({ contact, name }: { contact: Contact; name: string }) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const setPhoto = useSetContactPhoto(contact.id);
  const removePhoto = useRemoveContactPhoto(contact.id);
  const isBusy = setPhoto.isPending || removePhoto.isPending;
  // After a removal the Remove button is gone: focus moves to the way to add one, once enabled.
  const isFocusOwed = useRef(false);
  useEffect(() => {
    if (!isFocusOwed.current || isBusy) return;
    isFocusOwed.current = false;
    input.current?.focus();
  }, [isBusy]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = "";
    if (!file) return;
    try {
      await setPhoto.mutateAsync(file);
      toast({
        title: "Photo saved",
        description: `${name}'s photo is updated.`,
        variant: "success",
      });
    } catch (error) {
      toastError("Photo not saved", error, "We couldn't save the photo. Try again.");
    }
  }

  async function onRemove() {
    isFocusOwed.current = true;
    try {
      await removePhoto.mutateAsync();
      toast({ title: "Photo removed", variant: "success" });
    } catch (error) {
      isFocusOwed.current = false;
      toastError("Photo not removed", error, "We couldn't remove the photo. Try again.");
    }
  }

  return (
    <section aria-labelledby={`${fileId}-title`} className="flex flex-wrap items-center gap-4">
      <h2 id={`${fileId}-title`} className="sr-only">
        Photo
      </h2>
      <ContactAvatar name={name} photoUrl={contact.photoUrl} size={64} />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <ImageFileButton
            size="sm"
            inputRef={input}
            disabled={isBusy}
            onChange={(event) => void onFile(event)}
          >
            {setPhoto.isPending ? "Saving..." : contact.photoUrl ? "Change photo" : "Add a photo"}
          </ImageFileButton>
          {contact.photoUrl ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={isBusy}
              onClick={() => void onRemove()}
            >
              <Trash2 aria-hidden />
              Remove photo
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, under 2 MB.</p>
      </div>
    </section>
  );
}
