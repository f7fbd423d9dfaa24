import { Outlet } from "react-router";
import { PublicHeader } from "../components/layout/public-header";

export function PublicLayout() {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <PublicHeader />
      <Outlet />
    </div>
  );
}
