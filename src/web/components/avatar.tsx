import { readAvatarStyle } from "../lib/avatar-style-cache";
import { cn } from "../lib/utils";

// A person's avatar: their uploaded image, or a deterministic generated one from our server.
export function Avatar(props: {
  seed: string;
  style?: string;
  imageUrl?: string | null;
  size?: 32 | 64 | 128;
  className?: string;
  alt?: string;
}) {
  const size = props.size ?? 32;
  const src =
    props.imageUrl ||
    `/api/avatars/${encodeURIComponent(props.style ?? readAvatarStyle())}.svg?seed=${encodeURIComponent(props.seed)}&size=${size}`;
  return (
    <img
      src={src}
      alt={props.alt ?? ""}
      width={size}
      height={size}
      loading="lazy"
      className={cn("ui-avatar", props.className)}
      style={{ width: size, height: size }}
    />
  );
}
