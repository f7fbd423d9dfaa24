import { useEffect } from "react";
import { useLocation } from "react-router";
import { pageTitleFor } from "../lib/page-title";
import { useProductName } from "../lib/session/get-config";
import { AccessGate } from "./access-gate";
import { ThemeController } from "./theme";

// Each route names itself in the browser tab (src/core/page-title.ts).
function DocumentTitle() {
  const { pathname } = useLocation();
  const productName = useProductName();
  useEffect(() => {
    document.title = pageTitleFor(pathname, productName);
  }, [pathname, productName]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <ThemeController />
      <AccessGate />
    </>
  );
}
