import type { ReactNode } from "react";

/**
 * A message: 'success' after a redirect (read out politely), 'error' when something failed (read
 * out at once), 'info' for a standing remark. The back office's look is `ui-notice …`; the
 * storefront's is `notice` (a remark within the page: not announced unless asked).
 */
export function Notice({
  tone = "success",
  look = "office",
  announce = look === "office",
  as: Element = "p",
  className,
  children,
}: {
  tone?: "success" | "error" | "info";
  look?: "office" | "store";
  /** False for a standing remark that is part of the page rather than news. */
  announce?: boolean;
  /** A div when the notice holds paragraphs or a form. */
  as?: "p" | "div";
  className?: string;
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === "") return null;
  const role = !announce ? undefined : tone === "error" ? "alert" : "status";
  const base = look === "store" ? "notice" : `ui-notice ui-notice-${tone}`;
  return (
    <Element className={className ? `${base} ${className}` : base} role={role}>
      {children}
    </Element>
  );
}
