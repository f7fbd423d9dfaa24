// The profile page's texts, free of zod so the page paints without it; the schemas that use them
// are in profile.ts.
// Spec 02 §8 "Profile and avatar", word for word.
export const PROFILE_MESSAGES = {
  createFailed: "Failed to create profile",
  updateFailed: "Failed to update profile",
  avatarUpdated: "Avatar updated successfully",
  avatarFailed: "Failed to update avatar",
  invalidFileTitle: "Invalid file type",
  invalidFile: "Please upload an image file.",
  tooLargeTitle: "File too large",
  tooLarge: "Image must be less than 2MB.",
  uploadFailedTitle: "Upload failed",
  uploadFailed: "There was a problem uploading your image.",
  uploadedTitle: "Upload successful",
  uploaded: "Image has been uploaded.",
  countryRequired: "Country is required when providing location information",
} as const;
