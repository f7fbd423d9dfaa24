// The app's keyboard shortcuts: `/` search, `n` new contact, `?` this list,
// Ctrl/Cmd+Enter saves the form (dialog) being typed in. The single-key ones never fire while
// typing in a field or with a dialog or menu open.
import { Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { lazyComponent } from "../lib/lazy";
import { isOverlayOpen } from "../lib/overlay";

const SEARCH_ID = "contact-search";

function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // Checkboxes and radios take no text: a shortcut there is fine.
  return target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
}

// The search box is on the contacts page: go there first when elsewhere, then focus it.
function focusSearch(navigate: ReturnType<typeof useNavigate>) {
  const search = document.getElementById(SEARCH_ID);
  if (search) {
    search.focus();
    return;
  }
  void navigate("/app/contacts");
  const until = Date.now() + 3000;
  const tryFocus = () => {
    const el = document.getElementById(SEARCH_ID);
    if (el) el.focus();
    else if (Date.now() < until) requestAnimationFrame(tryFocus);
  };
  requestAnimationFrame(tryFocus);
}

// The list of shortcuts is a dialog, loaded the first time "?" asks for it.
const ShortcutsDialog = lazyComponent(
  () => import("./shortcuts-dialog"),
  (m) => m.ShortcutsDialog,
);

export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // Opened by a key, the list has no trigger to give focus back to: it goes back where it was.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        const form = event.target instanceof Element ? event.target.closest("form") : null;
        if (form) {
          event.preventDefault();
          form.requestSubmit();
        }
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingIn(event.target) || isOverlayOpen()) return;
      if (event.key === "/") {
        event.preventDefault();
        focusSearch(navigate);
      } else if (event.key === "n" || event.key === "N") {
        event.preventDefault();
        void navigate("/app/contacts/new");
      } else if (event.key === "?") {
        event.preventDefault();
        returnFocusTo.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setHasOpened(true);
        setOpen(true);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);

  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog
        open={isOpen}
        onOpenChange={setOpen}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo.current;
          if (!target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
      />
    </Suspense>
  );
}
