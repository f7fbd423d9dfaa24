import { Outlet } from "react-router";
import { AccessGate } from "./access-gate";
import { ThemeController } from "./theme";

export function RootLayout() {
  return (
    <>
      <ThemeController />
      <AccessGate />
      <Outlet />
    </>
  );
}
