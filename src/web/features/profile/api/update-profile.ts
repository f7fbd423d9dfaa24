import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileUpdateInput } from "../../../../core/profile";
import { apiFetch } from "../../../lib/api-client";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import { PROFILE_QUERY_KEY } from "./get-profile";

export function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return apiFetch<Profile>("/api/profile", { method: "PATCH", body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The header and Settings read the names from /api/me.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
