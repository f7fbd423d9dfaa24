// The profile form's schema, loaded on the form's first focus. The page takes its
// texts from core/profile-messages, so core/profile (and zod) stay out of its first paint; this
// module of its own keeps rolldown's namespace helper out of the shared chunks.
export { ProfileFormSchema } from "../../../../core/profile";
