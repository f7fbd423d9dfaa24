import { Link } from "react-router";
import { useProductName } from "../../lib/session/get-config";

export function Logo({ to }: { to: string }) {
  const productName = useProductName();
  return (
    <Link
      to={to}
      className="flex min-h-11 items-center gap-2 text-lg font-bold text-foreground"
      data-tour="logo"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{productName}</span>
    </Link>
  );
}
