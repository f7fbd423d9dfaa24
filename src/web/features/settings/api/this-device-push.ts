// This browser's push switch: read from the browser (is it subscribed, can it be), turned on by
// subscribing and saving the subscription, turned off by unsubscribing and forgetting it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushDevice } from "../../../../core/push";
import { apiFetch } from "../../../lib/api-client";
import {
  explainNoPush,
  findBrowserSubscription,
  subscribeBrowser,
  turnOffPush,
} from "../../../lib/browser-push";
import { PUSH_DEVICES_KEY } from "./list-push-devices";

export const THIS_DEVICE_PUSH_KEY = ["push", "this-device"] as const;

export type ThisDevicePush = { unsupportedReason: string | null; endpoint: string | null };

export async function readThisDevicePush(): Promise<ThisDevicePush> {
  const unsupportedReason = explainNoPush();
  if (unsupportedReason) return { unsupportedReason, endpoint: null };
  const subscription = await findBrowserSubscription();
  return { unsupportedReason: null, endpoint: subscription?.endpoint ?? null };
}

export function useThisDevicePush() {
  return useQuery({ queryKey: THIS_DEVICE_PUSH_KEY, queryFn: readThisDevicePush, retry: false });
}

export async function turnOnPush(publicKey: string): Promise<PushDevice> {
  const subscription = await subscribeBrowser(publicKey);
  return apiFetch<PushDevice>("/api/push/subscriptions", { method: "POST", body: subscription });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
      queryClient.invalidateQueries({ queryKey: THIS_DEVICE_PUSH_KEY }),
    ]);
}

export function useTurnOnPush() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: turnOnPush, retry: false, onSettled: refresh });
}

export function useTurnOffPush() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: turnOffPush, retry: false, onSettled: refresh });
}
