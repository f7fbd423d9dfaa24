import { useMe } from "../../../lib/session/get-me";

/** The signed-in user's time zone (settings), UTC until it is known. */
export function useTimeZone(): string {
  return useMe().data?.settings.timezone ?? "UTC";
}
