import type { ReactNode } from "react";

/**
 * A message at the top of a page: 'success' after a redirect (read out politely), 'error' when
 * something failed (read out at once), 'info' for a standing remark.
 */
export function Notice({
  tone = "success",
  children,
}: {
  tone?: "success" | "error" | "info";
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <p className={`ui-notice ui-notice-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}
