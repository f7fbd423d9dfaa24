import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppErrorBoundary } from "./app/error-boundary";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { installGlobalErrorHandlers } from "./app/global-errors";
import "./styles.css";

const root = document.getElementById("root");
if (!root) {
  window.alert("Render Error: the page is missing its root element.");
} else {
  installGlobalErrorHandlers();
  const router = createRouter();
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  );
}
