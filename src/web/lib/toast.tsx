// The one toast system, sonner, whose code loads with the first toast. One toast at a time
// (spec 01 §4): a new one takes the place of the one shown.
import { Suspense, useSyncExternalStore } from "react";
import { lazyComponent } from "./lazy";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  duration?: number;
  /** One button in the toast, e.g. "Undo"; choosing it closes the toast. */
  action?: { label: string; onClick: () => void };
};

type Show = (input: ToastInput) => void;

let show: Show | null = null;
// The newest toast asked for before sonner's toaster is on the page.
let waiting: ToastInput | null = null;
const listeners = new Set<() => void>();

const LoadedToaster = lazyComponent(
  () => import("./toaster"),
  (m) => m.LoadedToaster,
);

function onReady(ready: Show): void {
  show = ready;
  if (waiting) ready(waiting);
  waiting = null;
}

export function toast(input: ToastInput): void {
  if (show) return show(input);
  waiting = input;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const isWanted = () => show !== null || waiting !== null;

export function Toaster() {
  if (!useSyncExternalStore(subscribe, isWanted, isWanted)) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster onReady={onReady} />
    </Suspense>
  );
}
