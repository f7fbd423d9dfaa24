// The "Profile Avatar" dialog (spec 02 §2, §5, §8): a generated DiceBear avatar (style choice and
// a regenerate button that draws a new seed) or an uploaded image (checked and re-encoded by
// the server), then Cancel or "Update Avatar".
import { RefreshCw } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import {
  AVATAR_IMAGE_MAX_BYTES,
  DEFAULT_DICEBEAR_STYLE,
  DICEBEAR_STYLES,
} from "../../../../core/constants";
import { PROFILE_MESSAGES } from "../../../../core/profile-messages";
import type { AvatarUpdate, Profile } from "../../../../core/profile";
import { Avatar } from "../../../components/avatar";
import { Button } from "../../../components/ui/button";
import { ImageFileButton } from "../../../components/ui/image-file-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { ApiRequestError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useUpdateAvatar } from "../api/update-avatar";
import { useUploadAvatar } from "../api/upload-avatar";

type Tab = "generated" | "custom";
type Style = (typeof DICEBEAR_STYLES)[number];

function toStyle(value: string): Style {
  return DICEBEAR_STYLES.find((s) => s === value) ?? DEFAULT_DICEBEAR_STYLE;
}

const STYLE_LABELS: Record<Style, string> = {
  avataaars: "Avataaars",
  bottts: "Bots",
  initials: "Initials",
  lorelei: "Lorelei",
  micah: "Micah",
  notionists: "Notionists",
  "fun-emoji": "Fun emoji",
  shapes: "Shapes",
  thumbs: "Thumbs",
};

function newSeed(): string {
  return crypto.randomUUID();
}

function toastUploadProblem(error: unknown) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 415) {
    toast({
      title: PROFILE_MESSAGES.invalidFileTitle,
      description: PROFILE_MESSAGES.invalidFile,
      variant: "destructive",
    });
  } else if (status === 413) {
    toast({
      title: PROFILE_MESSAGES.tooLargeTitle,
      description: PROFILE_MESSAGES.tooLarge,
      variant: "destructive",
    });
  } else {
    toast({
      title: PROFILE_MESSAGES.uploadFailedTitle,
      description: PROFILE_MESSAGES.uploadFailed,
      variant: "destructive",
    });
  }
}

export function AvatarDialog(props: {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { profile } = props;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogTitle>Profile Avatar</DialogTitle>
        <DialogDescription>
          Pick a generated avatar or upload your own image (under 2 MB).
        </DialogDescription>
        {/* Mounted while open only, so every opening starts from the saved avatar. */}
        {props.open ? (
          <AvatarChooser profile={profile} onDone={() => props.onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AvatarChooser({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [tab, setTab] = useState<Tab>(profile.avatarType === "custom" ? "custom" : "generated");
  const [style, setStyle] = useState<Style>(toStyle(profile.dicebearStyle));
  const [seed, setSeed] = useState(profile.dicebearSeed);
  const [imageUrl, setImageUrl] = useState(
    profile.avatarType === "custom" ? profile.avatarUrl : "",
  );
  const upload = useUploadAvatar();
  const update = useUpdateAvatar();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toastUploadProblem(new ApiRequestError(415, "UNSUPPORTED_MEDIA_TYPE", ""));
      return;
    }
    if (file.size > AVATAR_IMAGE_MAX_BYTES) {
      toastUploadProblem(new ApiRequestError(413, "PAYLOAD_TOO_LARGE", ""));
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      setImageUrl(url);
      toast({ title: PROFILE_MESSAGES.uploadedTitle, description: PROFILE_MESSAGES.uploaded });
    } catch (error) {
      toastUploadProblem(error);
    }
  }

  async function save() {
    const input: AvatarUpdate =
      tab === "custom"
        ? { avatarType: "custom", avatarUrl: imageUrl }
        : {
            avatarType: "dicebear",
            dicebearStyle: style,
            dicebearSeed: seed,
          };
    try {
      await update.mutateAsync(input);
      toast({ title: PROFILE_MESSAGES.avatarUpdated });
      onDone();
    } catch {
      toast({ title: PROFILE_MESSAGES.avatarFailed, variant: "destructive" });
    }
  }

  const canSave = !update.isPending && !upload.isPending && (tab === "generated" || imageUrl);
  return (
    <>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="generated">Generated Avatar</TabsTrigger>
          <TabsTrigger value="custom">Custom Image</TabsTrigger>
        </TabsList>
        <TabsContent value="generated">
          <div className="flex flex-wrap items-center gap-4">
            <Avatar seed={seed} style={style} size={128} alt="Generated avatar preview" />
            <Button variant="outline" onClick={() => setSeed(newSeed())}>
              <RefreshCw aria-hidden />
              Regenerate
            </Button>
          </div>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">Style</legend>
            <div className="grid grid-cols-3 gap-2">
              {DICEBEAR_STYLES.map((name) => (
                <label
                  key={name}
                  className={cn(
                    "flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-border p-2 text-xs has-[:focus-visible]:outline-2 has-[:checked]:border-primary has-[:checked]:bg-accent",
                  )}
                >
                  <input
                    type="radio"
                    name="avatar-style"
                    value={name}
                    checked={style === name}
                    onChange={() => setStyle(name)}
                    className="sr-only"
                  />
                  <Avatar seed={seed} style={name} size={64} />
                  {STYLE_LABELS[name]}
                </label>
              ))}
            </div>
          </fieldset>
        </TabsContent>
        <TabsContent value="custom">
          <div className="flex flex-wrap items-center gap-4">
            {imageUrl ? (
              <Avatar seed={seed} imageUrl={imageUrl} size={128} alt="Uploaded image preview" />
            ) : (
              <div className="grid size-32 place-items-center rounded-full border border-dashed border-border text-center text-xs text-muted-foreground">
                No image yet
              </div>
            )}
            <div className="grid gap-2">
              <div>
                <ImageFileButton
                  disabled={upload.isPending}
                  onChange={(event) => void onFile(event)}
                >
                  {upload.isPending ? "Uploading..." : "Upload image"}
                </ImageFileButton>
              </div>
              <p className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, under 2 MB.</p>
            </div>
          </div>
        </TabsContent>
      </Tabs>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={!canSave} onClick={() => void save()}>
          {update.isPending ? "Updating..." : "Update Avatar"}
        </Button>
      </div>
    </>
  );
}
