import { useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { PAYMENT_METHODS } from "#app/domain/checkout";
import { SORT_KEYS, STATUS_FILTERS } from "#app/domain/staff-order";
import type { OrderBoard } from "#app/features/orders/order-board.server";
import { de } from "#app/i18n/de-staff";
import { Button, FilterBar, Select, TextInput } from "#app/components/ui";
import { useOrderChime } from "#app/components/backend/order-chime";
import { useLiveOrders } from "#app/components/backend/use-live-orders";

/** Parts of the order board (`routes/backend/orders.tsx`): its live state and history filters. */
const texts = de.staffOrders.board;

/** Live updates with JavaScript: every order event reloads the list; a new order can chime. */
export function LiveBoard() {
  const revalidator = useRevalidator();
  const chime = useOrderChime();
  const navigation = useNavigation();
  const isNavigating = useRef(false);
  useEffect(() => {
    isNavigating.current = navigation.state !== "idle";
  }, [navigation.state]);
  const onEvents = useCallback(
    (events: readonly { kind: string }[]) => {
      // A revalidation would cancel a click on an order that is on its way; the next page is
      // loaded fresh anyway.
      if (!isNavigating.current) revalidator.revalidate();
      if (events.some((event) => event.kind === "created")) chime.play();
    },
    [revalidator, chime],
  );
  const state = useLiveOrders("/backend/orders/events", { onEvents });
  return (
    <div className="board-live">
      <p role="status" className={`live-state live-${state}`}>
        {de.liveOrders.state[state]}
      </p>
      <Button variant="secondary" aria-pressed={chime.enabled} onClick={chime.toggle}>
        {de.liveOrders.chime}
      </Button>
    </div>
  );
}

export function HistoryFilters({ board }: { board: OrderBoard }) {
  const { params } = board;
  const any = (label: string) => [{ value: "", label }];
  return (
    <FilterBar label={texts.filters} resetHref="/backend/orders?view=history">
      <input type="hidden" name="view" value="history" />
      {board.branches.length > 1 ? (
        <Select
          id="filter-branch"
          name="branch"
          label={texts.branch}
          defaultValue={params.branch ?? ""}
          options={[
            ...any(texts.allBranches),
            ...board.branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
          ]}
        />
      ) : null}
      <TextInput
        id="filter-from"
        type="date"
        name="from"
        label={texts.from}
        defaultValue={params.from ?? ""}
      />
      <TextInput
        id="filter-to"
        type="date"
        name="to"
        label={texts.to}
        defaultValue={params.to ?? ""}
      />
      <Select
        id="filter-status"
        name="status"
        label={texts.status}
        defaultValue={params.status ?? ""}
        options={[
          ...any(texts.anyStatus),
          ...STATUS_FILTERS.map((status) => ({
            value: status,
            label: texts.statusFilters[status],
          })),
        ]}
      />
      <Select
        id="filter-payment"
        name="payment"
        label={texts.paymentMethod}
        defaultValue={params.payment ?? ""}
        options={[
          ...any(texts.anyPayment),
          ...PAYMENT_METHODS.map((method) => ({
            value: method,
            label: de.checkout.paymentMethods[method],
          })),
        ]}
      />
      <TextInput
        id="filter-q"
        type="search"
        name="q"
        label={texts.search}
        maxLength={100}
        defaultValue={params.q ?? ""}
        placeholder={texts.searchHint}
      />
      <Select
        id="filter-sort"
        name="sort"
        label={texts.sort}
        defaultValue={params.sort ?? "created"}
        options={SORT_KEYS.map((key) => ({ value: key, label: texts.sortKeys[key] }))}
      />
      <Select
        id="filter-dir"
        name="dir"
        label={texts.direction}
        defaultValue={params.dir ?? "desc"}
        options={[
          { value: "desc", label: texts.descending },
          { value: "asc", label: texts.ascending },
        ]}
      />
    </FilterBar>
  );
}
