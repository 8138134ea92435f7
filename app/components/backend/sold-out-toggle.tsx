import { useFetcher } from "@remix-run/react";
import { Button, type ButtonVariant } from "#app/components/ui";
import { useHydrated } from "#app/components/use-hydrated";

/**
 * One click that marks a product sold out today, or available again, in one branch or all
 * (decision 036). A plain form posting to `/backend/products/{id}/sold-out`, so it works without
 * JavaScript (the server redirects back to `returnTo` with a notice); with JavaScript it posts by a
 * fetcher (`mode=fetch`) and the page stays where it is, its data revalidated. The sold-out page,
 * the product list and the menu editor use it.
 */
export function SoldOutToggle({
  productId,
  branchId,
  soldOut,
  returnTo,
  label,
  accessibleLabel,
  variant = "secondary",
}: {
  productId: number;
  /** Null: every branch. */
  branchId: number | null;
  /** What a click sets: true marks the product sold out, false makes it available again. */
  soldOut: boolean;
  returnTo: string;
  label: string;
  /** The button's name for screen readers, naming the product (and branch). */
  accessibleLabel: string;
  variant?: ButtonVariant;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={`/backend/products/${productId}/sold-out`}
      className="sold-out-toggle"
    >
      <input type="hidden" name="branchId" value={branchId === null ? "" : String(branchId)} />
      <input type="hidden" name="soldOut" value={soldOut ? "1" : "0"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <Button type="submit" variant={variant} aria-label={accessibleLabel} disabled={busy}>
        {label}
      </Button>
      {fetcher.data && !fetcher.data.ok ? (
        <span role="alert" className="sold-out-error">
          {fetcher.data.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
