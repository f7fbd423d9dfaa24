import {
  LifeBuoy,
  LogOut,
  Map as MapIcon,
  Moon,
  Reply,
  Settings,
  Sun,
  UserRound,
} from "lucide-react";
import { useNavigate } from "react-router";
import { SETTINGS_MESSAGES } from "../../../core/settings";
import { useMe } from "../../lib/session/get-me";
import { useUpdateMe } from "../../lib/session/update-me";
import { useSignOut } from "../../lib/session/sign-out";
import { toast } from "../../lib/toast";
import { errorMessage } from "../../lib/api-client";
import { Avatar } from "../avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";

/** What the app level (which may use features) does for the menu's feature items. */
export type UserMenuActions = { onOpenFeedback: () => void; onStartTour: () => void };

// The user menu (spec 02 §2): email (disabled), Profile, Light Mode / Dark Mode, Settings,
// Feedback and Support, App Tour, Sign Out; and Replies (issue 48: what the assistant read in
// the user's answers to reminders), before Settings, where its address lives.
export function UserMenu({ actions }: { actions?: UserMenuActions }) {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const updateMe = useUpdateMe();
  const signOut = useSignOut();
  if (!me) return null;
  // The same rule as the theme controller: the saved choice, else the device's preference.
  const saved = me.settings.theme;
  const isDark = saved
    ? saved === "dark"
    : window.matchMedia("(prefers-color-scheme: dark)").matches;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex size-11 items-center justify-center rounded-full focus-visible:outline-2 md:size-auto"
        aria-label="Open user menu"
        data-tour="profile-menu"
      >
        <Avatar
          seed={me.profile.dicebearSeed}
          style={me.profile.dicebearStyle}
          imageUrl={me.profile.avatarType === "custom" ? me.profile.avatarUrl : null}
          size={32}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled>{me.user.email}</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate("/app/profile")}>
          <UserRound aria-hidden />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            updateMe.mutate(
              { theme: isDark ? "light" : "dark" },
              {
                onError: () =>
                  toast({
                    title: SETTINGS_MESSAGES.errorTitle,
                    description: SETTINGS_MESSAGES.updateFailed,
                    variant: "destructive",
                  }),
              },
            );
          }}
        >
          {isDark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          {isDark ? "Light Mode" : "Dark Mode"}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate("/app/replies")}>
          <Reply aria-hidden />
          Replies
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate("/app/settings")}>
          <Settings aria-hidden />
          Settings
        </DropdownMenuItem>
        {actions ? (
          <>
            <DropdownMenuItem onSelect={actions.onOpenFeedback}>
              <LifeBuoy aria-hidden />
              Feedback and Support
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={actions.onStartTour}>
              <MapIcon aria-hidden />
              App Tour
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            signOut.mutate(undefined, {
              onSuccess: () => {
                void navigate("/auth");
              },
              onError: (error) =>
                toast({
                  title: "Error signing out",
                  description: errorMessage(error),
                  variant: "destructive",
                }),
            });
          }}
        >
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
