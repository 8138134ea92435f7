import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "quiet";

export function buttonClass(variant: ButtonVariant = "primary", extra?: string) {
  return ["ui-button", `ui-button-${variant}`, extra].filter(Boolean).join(" ");
}

/** A button of the design system; `type` defaults to "button" unless it submits. */
export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A link that looks like a button (it goes somewhere; it does not change anything). */
export function ButtonLink({
  variant = "primary",
  className,
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
