import type { ReactNode } from "react";

/**
 * A message at the top of a page: 'success' after a redirect (read out politely), 'error' when
 * something failed (read out at once), 'info' for a standing remark.
 */
export function Notice({
  tone = "success",
  announce = true,
  children,
}: {
  tone?: "success" | "error" | "info";
  /** False for a standing remark that is part of the page rather than news. */
  announce?: boolean;
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === "") return null;
  const role = !announce ? undefined : tone === "error" ? "alert" : "status";
  return (
    <p className={`ui-notice ui-notice-${tone}`} role={role}>
      {children}
    </p>
  );
}
