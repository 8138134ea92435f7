import { useFetcher } from "@remix-run/react";
import type { RowAction } from "#app/features/backoffice/resource.server";
import { Button } from "#app/components/ui";
import { useHydrated } from "#app/components/use-hydrated";

/**
 * A list row's actions (`ResourceDefinition.rowActions`, decision 035): a small form each. Without
 * JavaScript a plain post (the endpoint redirects back to the list); with it a fetcher that adds
 * `mode=fetch`, so the list stays where it is and reloads its rows.
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  if (actions.length === 0) return null;
  return (
    <div className="row-actions">
      {actions.map((action) => (
        <RowActionForm key={action.key} action={action} />
      ))}
    </div>
  );
}

function RowActionForm({ action }: { action: RowAction }) {
  const fetcher = useFetcher<{ ok?: boolean; message?: string }>();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action={action.action} className="row-action">
      {Object.entries(action.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <Button
        type="submit"
        variant={action.variant ?? "secondary"}
        aria-label={action.accessibleLabel}
        disabled={fetcher.state !== "idle"}
      >
        {action.label}
      </Button>
      {fetcher.data && fetcher.data.ok === false && fetcher.data.message ? (
        <span role="alert" className="row-action-error">
          {fetcher.data.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
