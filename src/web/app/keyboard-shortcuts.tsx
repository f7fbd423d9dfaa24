// The app's keyboard shortcuts (decision 151): `/` search, `n` new contact, `?` this list,
// Ctrl/Cmd+Enter saves the form (dialog) being typed in. The single-key ones never fire while
// typing in a field or with a dialog or menu open.
import { Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { lazyNamed } from "../lib/lazy-named";

const SEARCH_ID = "contact-search";

function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // Checkboxes and radios take no text: a shortcut there is fine.
  return target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
}

function isOverlayOpen(): boolean {
  return Boolean(document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]'));
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
const ShortcutsDialog = lazyNamed(
  () => import("./shortcuts-dialog"),
  (m) => m.ShortcutsDialog,
);

export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);

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
      <ShortcutsDialog open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}
