// The signed-in layout composed with the features it hosts: the reminder-channel banner, the
// notifications bell, and the user menu's Feedback and Support dialog and App Tour. The bell, the
// user menu and the feedback dialog load just after the page they frame (their popover, menu and
// form code is not needed for its first paint; decision 185), each in a space of its own size.
import { lazy, Suspense, useState } from "react";
import { AppLayout } from "../../components/layout/app-layout";
import { ReminderChannelBanner } from "../../features/settings/components/reminder-channel-banner";
import { TourController, useStartTour } from "../../features/tour/components/tour-controller";
import { KeyboardShortcuts } from "../keyboard-shortcuts";

const UserMenu = lazy(() =>
  import("../../components/layout/user-menu").then((m) => ({ default: m.UserMenu })),
);
const NotificationBell = lazy(() =>
  import("../../features/notifications/components/notification-bell").then((m) => ({
    default: m.NotificationBell,
  })),
);
const FeedbackDialog = lazy(() =>
  import("../../features/feedback/components/feedback-dialog").then((m) => ({
    default: m.FeedbackDialog,
  })),
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
          <Suspense fallback={<span className="size-8" />}>
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
      <TourController />
      <KeyboardShortcuts />
      {hasOpenedFeedback ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={isFeedbackOpen} onOpenChange={setFeedbackOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
