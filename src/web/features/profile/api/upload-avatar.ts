import { useMutation } from "@tanstack/react-query";
import type { AvatarUpload } from "../../../../core/profile";
import { apiFetch } from "../../../lib/api-client";

/** Sends the file; the server checks its content and answers the re-encoded image's URL. */
export function uploadAvatar(file: File): Promise<AvatarUpload> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiFetch<AvatarUpload>("/api/profile/avatar/upload", { method: "POST", body: form });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, retry: 0 });
}
