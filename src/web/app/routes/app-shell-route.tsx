// The signed-in layout composed with the features it hosts: the offline and reminder-channel banners, the
// notifications bell (with the count of suggestions from replies), and the user menu's Feedback and Support dialog and App Tour. The bell, the
// user menu and the feedback dialog load after the page they frame (their popover, menu and form
// code is not needed for its first paint), once the page's first reads have
// arrived and been drawn, each in a space of its own size; the tour waits for the
// user menu it points at.
import { useQueryClient } from "@tanstack/react-query";
import { startTransition, Suspense, useEffect, useState } from "react";
import { AppLayout } from "../../components/layout/app-layout";
import { ReminderChannelBanner } from "../../features/settings/components/reminder-channel-banner";
import { useStartTour } from "../../features/tour/hooks/use-start-tour";
import { TOUR_PENDING_ATTRIBUTE } from "../../features/tour/lib/run-tour";
import { lazyComponent } from "../../lib/lazy";
import { KeyboardShortcuts } from "../keyboard-shortcuts";
import { OfflineBanner } from "../offline-banner";
import { OfflineSync } from "../offline-sync";

const UserMenu = lazyComponent(
  () => import("../../components/layout/user-menu"),
  (m) => m.UserMenu,
);
const HeaderBell = lazyComponent(
  () => import("./header-bell"),
  (m) => m.HeaderBell,
);
const TourController = lazyComponent(
  () => import("../../features/tour/components/tour-controller"),
  (m) => m.TourController,
);
const FeedbackDialog = lazyComponent(
  () => import("../../features/feedback/components/feedback-dialog"),
  (m) => m.FeedbackDialog,
);

/** The shell's extras load by then even if a read is still under way. */
const EXTRAS_AT_THE_LATEST_MS = 3000;

/**
 * True once no read is under way and the frame that drew the last answer has been painted: what
 * the person came for (the contact list, say) gets the network and the main thread first, and
 * the bell and the menu's code come after it, not in its way. Stays true.
 */
function useFirstReadsDrawn(): boolean {
  const queryClient = useQueryClient();
  const [isDrawn, setDrawn] = useState(false);
  useEffect(() => {
    if (isDrawn) return;
    let frame = 0;
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      frame = requestAnimationFrame(() => {
        afterPaint = setTimeout(() => {
          // As a transition: the extras render in slices, the page stays responsive meanwhile.
          if (queryClient.isFetching() === 0) startTransition(() => setDrawn(true));
        }, 0);
      });
    };
    const stop = queryClient.getQueryCache().subscribe(check);
    const latest = setTimeout(() => startTransition(() => setDrawn(true)), EXTRAS_AT_THE_LATEST_MS);
    check();
    return () => {
      stop();
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      clearTimeout(latest);
    };
  }, [queryClient, isDrawn]);
  return isDrawn;
}

export function AppShellRoute() {
  const startTour = useStartTour();
  const isPageDrawn = useFirstReadsDrawn();
  const bellSpace = <span className="size-10" />;
  const menuSpace = <span className="size-8" {...{ [TOUR_PENDING_ATTRIBUTE]: "" }} />;
  const [isFeedbackOpen, setFeedbackOpen] = useState(false);
  const [hasOpenedFeedback, setHasOpenedFeedback] = useState(false);
  return (
    <>
      <AppLayout
        banner={
          <>
            <OfflineBanner />
            <ReminderChannelBanner />
          </>
        }
        headerActions={
          isPageDrawn ? (
            <Suspense fallback={bellSpace}>
              <HeaderBell />
            </Suspense>
          ) : (
            bellSpace
          )
        }
        userMenu={
          isPageDrawn ? (
            <Suspense fallback={menuSpace}>
              <UserMenu
                actions={{
                  onOpenFeedback: () => {
                    setHasOpenedFeedback(true);
                    setFeedbackOpen(true);
                  },
                  onStartTour: startTour,
                }}
              />
            </Suspense>
          ) : (
            menuSpace
          )
        }
      />
      {isPageDrawn ? (
        <Suspense fallback={null}>
          <TourController />
        </Suspense>
      ) : null}
      <KeyboardShortcuts />
      <OfflineSync />
      {hasOpenedFeedback ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={isFeedbackOpen} onOpenChange={setFeedbackOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
