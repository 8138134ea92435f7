import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes } from "react";

/**
 * The back office's looks (`ui-button …`), the storefront's (`button`, `button secondary`: short
 * class names, since a menu page repeats them) and `plain`: a control that draws itself with its
 * own class (a quantity step, a tab, an icon).
 */
export type ButtonVariant =
  "primary" | "secondary" | "danger" | "quiet" | "store" | "store-secondary" | "plain";

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "ui-button ui-button-primary",
  secondary: "ui-button ui-button-secondary",
  danger: "ui-button ui-button-danger",
  quiet: "ui-button ui-button-quiet",
  store: "button",
  "store-secondary": "button secondary",
  plain: "",
};

export function buttonClass(variant: ButtonVariant = "primary", extra?: string) {
  return [VARIANT_CLASSES[variant], extra].filter(Boolean).join(" ");
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  variant?: ButtonVariant;
  /** `null` writes no type: the browser's default, submit (a 300-row list saves the bytes). */
  type?: "button" | "submit" | "reset" | null;
};

/**
 * A button of the design system; `type` defaults to "button" unless it submits. Its attributes
 * keep the order they are written in (type first), its class comes last.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", className, type = "button", ...props },
  ref,
) {
  return (
    <button
      type={type ?? undefined}
      {...props}
      ref={ref}
      className={buttonClass(variant, className) || undefined}
    />
  );
});

/** A link that looks like a button (it goes somewhere; it does not change anything). */
export function ButtonLink({
  variant = "primary",
  className,
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className) || undefined} {...props} />;
}
