// The signed-in layout composed with the features it hosts: the reminder-channel banner, the
// notifications bell, and the user menu's Feedback and Support dialog and App Tour. The bell, the
// user menu and the feedback dialog load just after the page they frame (their popover, menu and
// form code is not needed for its first paint; decision 185), each in a space of its own size;
// the tour waits for the user menu it points at.
import { Suspense, useState } from "react";
import { AppLayout } from "../../components/layout/app-layout";
import { ReminderChannelBanner } from "../../features/settings/components/reminder-channel-banner";
import { useStartTour } from "../../features/tour/hooks/use-start-tour";
import { TOUR_PENDING_ATTRIBUTE } from "../../features/tour/lib/run-tour";
import { lazyNamed } from "../../lib/lazy-named";
import { KeyboardShortcuts } from "../keyboard-shortcuts";

const UserMenu = lazyNamed(
  () => import("../../components/layout/user-menu"),
  (m) => m.UserMenu,
);
const NotificationBell = lazyNamed(
  () => import("../../features/notifications/components/notification-bell"),
  (m) => m.NotificationBell,
);
const TourController = lazyNamed(
  () => import("../../features/tour/components/tour-controller"),
  (m) => m.TourController,
);
const FeedbackDialog = lazyNamed(
  () => import("../../features/feedback/components/feedback-dialog"),
  (m) => m.FeedbackDialog,
);

export function AppShellRoute() {
  const startTour = useStartTour();
  const [isFeedbackOpen, setFeedbackOpen] = useState(false);
  const [hasOpenedFeedback, setHasOpenedFeedback] = useState(false);
  return (
    <>
      <AppLayout
        banner={<ReminderChannelBanner />}
        headerActions={
          <Suspense fallback={<span className="size-10" />}>
            <NotificationBell />
          </Suspense>
        }
        userMenu={
          <Suspense fallback={<span className="size-8" {...{ [TOUR_PENDING_ATTRIBUTE]: "" }} />}>
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
        }
      />
      <Suspense fallback={null}>
        <TourController />
      </Suspense>
      <KeyboardShortcuts />
      {hasOpenedFeedback ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={isFeedbackOpen} onOpenChange={setFeedbackOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
