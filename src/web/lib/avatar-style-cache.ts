// The avatar style cached in this browser (spec 02 §3 "Avatar style cache"), so the header
// draws the chosen style at once while /api/me loads after a reload.
import { DEFAULT_DICEBEAR_STYLE, DICEBEAR_STYLES } from "../../core/constants";

const KEY = "tend.avatar-style";

export function readAvatarStyle(): string {
  try {
    const value = localStorage.getItem(KEY);
    return value && (DICEBEAR_STYLES as readonly string[]).includes(value)
      ? value
      : DEFAULT_DICEBEAR_STYLE;
  } catch {
    return DEFAULT_DICEBEAR_STYLE;
  }
}

export function rememberAvatarStyle(style: string): void {
  try {
    localStorage.setItem(KEY, style);
  } catch {
    // Storage full or disabled: the server's value is still used.
  }
}
