// Asks before unsaved edits are lost: in-app navigation (react-router's blocker) gets a dialog,
// closing or reloading the tab gets the browser's own question (beforeunload).
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./ui/dialog";

export function LeaveGuard(props: { when: boolean; what?: string }) {
  const { when } = props;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  // "Leave" closes the dialog too: that close must not cancel the navigation it let go.
  const isLeaving = useRef(false);
  useEffect(() => {
    if (blocker.state === "blocked") isLeaving.current = false;
  }, [blocker.state]);

  useEffect(() => {
    if (!when) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers need returnValue set to ask.
      event.returnValue = "";
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  // Saved (or undone) while a navigation waited: let it go.
  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !isLeaving.current && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description={`Your changes to ${props.what ?? "this form"} are not saved. If you leave now, they are lost.`}
      cancelLabel="Keep editing"
      confirmLabel="Leave"
      isDestructive
      onConfirm={() => {
        isLeaving.current = true;
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}
