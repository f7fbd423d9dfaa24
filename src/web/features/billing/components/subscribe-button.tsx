// Starts checkout and sends the browser to it. Failures show as a toast, or as an alert on the
// landing page (spec 01 §8).
import { useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "../../../components/ui/button";
import {
  CHECKOUT_FAILED_MESSAGE,
  NO_CHECKOUT_URL_MESSAGE,
  goToCheckout,
} from "../api/start-checkout";

export function SubscribeButton({
  children = "Subscribe",
  onFailure = "toast",
  ...props
}: Omit<ButtonProps, "onClick" | "children"> & {
  children?: ReactNode;
  onFailure?: "toast" | "alert";
}) {
  const [isRedirecting, setIsRedirecting] = useState(false);
  async function subscribe() {
    setIsRedirecting(true);
    try {
      await goToCheckout();
    } catch (error) {
      setIsRedirecting(false);
      const detail = error instanceof Error ? error.message : "";
      if (onFailure === "alert") {
        window.alert(CHECKOUT_FAILED_MESSAGE);
        return;
      }
      // Loaded when needed: the static landing page (alerts only) does not carry toasts.
      const { toast } = await import("../../../lib/toast");
      toast({
        title:
          detail === NO_CHECKOUT_URL_MESSAGE ? NO_CHECKOUT_URL_MESSAGE : CHECKOUT_FAILED_MESSAGE,
        description: detail && detail !== NO_CHECKOUT_URL_MESSAGE ? detail : undefined,
        variant: "destructive",
      });
    }
  }
  return (
    <Button {...props} disabled={isRedirecting || props.disabled} onClick={subscribe}>
      {isRedirecting ? "Redirecting..." : children}
    </Button>
  );
}
