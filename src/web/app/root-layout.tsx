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
    // Written only when it changes: the server and the shell already name the first page, and
    // each write replaces the title's text (~2 ms of the hydration's commit on a slow phone).
    const title = pageTitleFor(pathname, productName);
    if (document.title !== title) document.title = title;
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
