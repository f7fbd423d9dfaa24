// The signed-in layout composed with the features it hosts: the reminder-channel banner, the
// notifications bell, and the user menu's Feedback and Support dialog and App Tour.
import { useState } from "react";
import { AppLayout } from "../../components/layout/app-layout";
import { FeedbackDialog } from "../../features/feedback/components/feedback-dialog";
import { NotificationBell } from "../../features/notifications/components/notification-bell";
import { ReminderChannelBanner } from "../../features/settings/components/reminder-channel-banner";
import { TourController, useStartTour } from "../../features/tour/components/tour-controller";
import { KeyboardShortcuts } from "../keyboard-shortcuts";

export function AppShellRoute() {
  const startTour = useStartTour();
  const [isFeedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <>
      <AppLayout
        banner={<ReminderChannelBanner />}
        headerActions={<NotificationBell />}
        menuActions={{ onOpenFeedback: () => setFeedbackOpen(true), onStartTour: startTour }}
      />
      <TourController />
      <KeyboardShortcuts />
      <FeedbackDialog open={isFeedbackOpen} onOpenChange={setFeedbackOpen} />
    </>
  );
}
