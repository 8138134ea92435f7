import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

const NAVIGATE = { preventScrollReset: true, replace: true } as const;

/**
 * A dialog that is a state of the URL (`?galerie=3`): the server renders it open, so it works
 * as links without JavaScript; with JavaScript it becomes modal (focus kept inside, Escape closes,
 * the arrow keys step through) and every step is still a URL.
 */
export function UrlDialog({
  labelledBy,
  closeTo,
  previousTo,
  nextTo,
  className,
  onClose,
  children,
}: {
  labelledBy: string;
  closeTo: string;
  previousTo?: string | null;
  nextTo?: string | null;
  className?: string;
  /** Called before the dialog navigates away on Escape (e.g. to remember a dismissal). */
  onClose?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  // Once per opening: make the server's open dialog modal; give focus back when it goes.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose?.();
      navigate(closeTo, NAVIGATE);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft" && previousTo) navigate(previousTo, NAVIGATE);
      else if (event.key === "ArrowRight" && nextTo) navigate(nextTo, NAVIGATE);
      else return;
      event.preventDefault();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("keydown", onKeyDown);
    };
  }, [closeTo, previousTo, nextTo, navigate, onClose]);

  return (
    <dialog open ref={ref} aria-labelledby={labelledBy} className={`overlay ${className ?? ""}`}>
      {children}
    </dialog>
  );
}

/** The current page with one query parameter set (or removed with null), plus an optional hash. */
export function withParam(
  location: { pathname: string; search: string },
  key: string,
  value: string | null,
  hash = "",
): string {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}${hash}`;
}
