// Opens the signed-in user's offline queue: what waits is sent on start, when the network
// returns and every half minute; then the contacts are read again from the server.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useMe } from "../lib/session/get-me";
import { startOfflineQueue } from "../lib/offline-queue";
import { toast } from "../lib/toast";

export function OfflineSync() {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id ?? null;
  useEffect(() => {
    if (!userId) return;
    return startOfflineQueue({
      userId,
      onSent: () => void queryClient.invalidateQueries({ queryKey: ["contacts"] }),
      onRefused: (item, why) =>
        toast({ title: `${item.label}: not saved`, description: why, variant: "destructive" }),
    });
  }, [queryClient, userId]);
  return null;
}
