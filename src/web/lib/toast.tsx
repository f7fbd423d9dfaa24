// The one toast system: the spec's rule lives in toast-store.ts; toast-view.tsx renders it with
// Radix, loaded when the first toast shows.
import { Suspense, useSyncExternalStore } from "react";
import { lazyNamed } from "./lazy-named";
import { createToastStore, type ToastInput } from "./toast-store";

export type { ToastInput };

const ToastView = lazyNamed(
  () => import("./toast-view"),
  (m) => m.ToastView,
);

const store = createToastStore();

export function toast(input: ToastInput): number {
  return store.show(input);
}

export function dismissToast(id: number): void {
  store.dismiss(id);
}

export function Toaster() {
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  if (current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastView toasts={current} onDismiss={dismissToast} />
    </Suspense>
  );
}
