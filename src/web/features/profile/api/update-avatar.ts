import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvatarUpdate, Profile } from "../../../../core/profile";
import { apiFetch } from "../../../lib/api-client";
import { rememberAvatarStyle } from "../../../lib/avatar-style-cache";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import { PROFILE_QUERY_KEY } from "./get-profile";

export function updateAvatar(input: AvatarUpdate): Promise<Profile> {
  return apiFetch<Profile>("/api/profile/avatar", { method: "PUT", body: input });
}

export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      rememberAvatarStyle(profile.dicebearStyle);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
