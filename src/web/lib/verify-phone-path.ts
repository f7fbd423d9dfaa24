/** Settings, scrolled to the phone's code field, which takes the focus. */
export const VERIFY_PHONE_PATH = "/app/settings#verify-phone";
export const VERIFY_PHONE_HASH = "#verify-phone";
