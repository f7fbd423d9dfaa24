import { LogOut, Moon, Settings, Sun, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
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

export function UserMenu() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const updateMe = useUpdateMe();
  const signOut = useSignOut();
  if (!me) return null;
  const isDark = document.documentElement.classList.contains("dark");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-2"
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
                    title: "Error",
                    description: "Failed to update setting",
                    variant: "destructive",
                  }),
              },
            );
          }}
        >
          {isDark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          {isDark ? "Light Mode" : "Dark Mode"}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate("/app/settings")}>
          <Settings aria-hidden />
          Settings
        </DropdownMenuItem>
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
