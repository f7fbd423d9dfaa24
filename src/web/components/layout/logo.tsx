import { Link } from "react-router";
import { useConfig } from "../../lib/session/get-config";

export function Logo({ to }: { to: string }) {
  const { data: config } = useConfig();
  return (
    <Link
      to={to}
      className="flex items-center gap-2 text-lg font-bold text-foreground"
      data-tour="logo"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{config?.appName ?? "Tend"}</span>
    </Link>
  );
}
