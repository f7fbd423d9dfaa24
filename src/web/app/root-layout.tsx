import { Outlet } from "react-router";
import { ThemeController } from "./theme";

export function RootLayout() {
  return (
    <>
      <ThemeController />
      <Outlet />
    </>
  );
}
