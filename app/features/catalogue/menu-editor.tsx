import { useFetcher, useSubmit } from "@remix-run/react";
import { useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import type { EditorCategory, SearchHit } from "./menu-editor.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { useHydrated } from "#app/components/use-hydrated";
import { Badge, Button } from "#app/components/ui";
import {
  EntryName,
  RowLabels,
  EntryActions,
  STEPS_FORM,
  SOLD_OUT_FORM,
  RowForm,
  SoldOutButton,
  AddEntry,
} from "./menu-editor-rows";

/**
 * The catalogue editor's lists. Without JavaScript every row is a form of plain buttons (up,
 * down, "verschieben nach" a position, remove), each a POST that comes back to the row. With
 * JavaScript each row also gets a handle: dragged with the mouse, or with the keyboard (focus the
 * handle, Space lifts, arrows move, Space drops, Escape puts it back), announced in a live
 * region; a drop saves the new position with one fetch POST to the same action (`ajax=1`).
 */
const t = deCatalogue.menus;

type ListKey = "categories" | `entries-${number}`;

function orderOfProps(categories: EditorCategory[]) {
  return categories.map((category) => [category.id, category.entries.map((entry) => entry.id)]);
}

function ordersOf(categories: EditorCategory[]): Record<ListKey, number[]> {
  const orders: Record<string, number[]> = {
    categories: categories.map((category) => category.id),
  };
  for (const category of categories) {
    orders[`entries-${category.id}`] = category.entries.map((entry) => entry.id);
  }
  return orders as Record<ListKey, number[]>;
}

interface Lifted {
  list: ListKey;
  id: number;
  /** The order before lifting, for Escape. */
  before: number[];
}

export function MenuEditor({
  menuId,
  categories,
  search,
  moving,
}: {
  menuId: number;
  categories: EditorCategory[];
  search: { category: number | null; text: string; hits: SearchHit[] | null };
  /** The entry whose "verschieben nach" field is open. */
  moving: number | null;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const submit = useSubmit();
  /**
   * The rows' plain forms, sent through the router with JavaScript: one handler for all of them
   * (a router `<Form>` per row costs several hooks each, which 300 rows pay on every render).
   */
  const onSubmit = (event: FormEvent<HTMLElement>) => {
    const form = event.target as HTMLFormElement;
    if (!form.hasAttribute("data-editor-form") || event.defaultPrevented) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(submitter instanceof HTMLButtonElement ? submitter : form, {
      method: "post",
      preventScrollReset: true,
    });
  };
  const [orders, setOrders] = useState(() => ordersOf(categories));
  // The server's order after a step (or another editor's) replaces the local one; rows keep
  // their elements (keyed by id), so the focused button keeps the focus.
  const signature = JSON.stringify(orderOfProps(categories));
  const [shown, setShown] = useState(signature);
  if (shown !== signature) {
    setShown(signature);
    setOrders(ordersOf(categories));
  }
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const dragged = useRef<{ list: ListKey; id: number; before: number[] } | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  const orderOf = (list: ListKey): number[] => orders[list] ?? [];
  const byCategory = new Map(categories.map((category) => [category.id, category]));
  const entriesById = new Map(
    categories.flatMap((category) => category.entries.map((entry) => [entry.id, entry] as const)),
  );
  const nameOf = (list: ListKey, id: number) =>
    list === "categories" ? (byCategory.get(id)?.name ?? "") : (entriesById.get(id)?.name ?? "");

  const save = (list: ListKey, id: number, index: number) => {
    const isCategory = list === "categories";
    fetcher.submit(
      {
        intent: isCategory ? "category-move" : "entry-move",
        [isCategory ? "category" : "entry"]: String(id),
        position: String(index + 1),
        ajax: "1",
      },
      { method: "post", action: `/backend/menus/${menuId}/catalogue` },
    );
  };

  const moveTo = (list: ListKey, id: number, index: number) => {
    setOrders((current) => {
      const rest = (current[list] ?? []).filter((candidate) => candidate !== id);
      const at = Math.max(0, Math.min(index, rest.length));
      return { ...current, [list]: [...rest.slice(0, at), id, ...rest.slice(at)] };
    });
  };

  const onHandleKey = (list: ListKey, id: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const order = orderOf(list);
    const index = order.indexOf(id);
    const name = nameOf(list, id);
    const isLifted = lifted?.list === list && lifted.id === id;
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (!isLifted) {
        setLifted({ list, id, before: order });
        setAnnouncement(t.lifted(name, index + 1, order.length));
      } else {
        setLifted(null);
        setAnnouncement(t.dropped(name, index + 1, order.length));
        if (lifted.before.indexOf(id) !== index) save(list, id, index);
      }
      return;
    }
    if (!isLifted) return;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const next = Math.max(
        0,
        Math.min(order.length - 1, index + (event.key === "ArrowUp" ? -1 : 1)),
      );
      moveTo(list, id, next);
      setAnnouncement(t.movedTo(name, next + 1, order.length));
      // The row moves in the page; its handle keeps the focus.
      requestAnimationFrame(() => handles.current.get(`${list}:${id}`)?.focus());
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOrders((current) => ({ ...current, [list]: lifted.before }));
      setLifted(null);
      setAnnouncement(t.cancelled(name));
      requestAnimationFrame(() => handles.current.get(`${list}:${id}`)?.focus());
    }
  };

  /** The row is where a dragged handle lands; only the handle starts a drag. */
  const dropProps = (list: ListKey, id: number) =>
    hydrated
      ? {
          onDragOver: (event: DragEvent) => {
            const current = dragged.current;
            if (!current || current.list !== list) return;
            event.preventDefault();
            event.stopPropagation();
            if (current.id !== id) moveTo(list, current.id, orderOf(list).indexOf(id));
          },
          onDrop: (event: DragEvent) => {
            const current = dragged.current;
            if (!current || current.list !== list) return;
            event.preventDefault();
            event.stopPropagation();
          },
        }
      : {};

  const dragProps = (list: ListKey, id: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", String(id));
      const row = (event.currentTarget as HTMLElement).closest("li");
      if (row) event.dataTransfer.setDragImage(row, 16, 16);
      dragged.current = { list, id, before: orderOf(list) };
    },
    onDragEnd: (event: DragEvent) => {
      const current = dragged.current;
      dragged.current = null;
      if (!current || current.list !== list) return;
      event.stopPropagation();
      const order = orderOf(list);
      const index = order.indexOf(current.id);
      setAnnouncement(t.dropped(nameOf(list, current.id), index + 1, order.length));
      if (current.before.indexOf(current.id) !== index) save(list, current.id, index);
    },
  });

  const handle = (list: ListKey, id: number) =>
    hydrated ? (
      <Button
        variant="plain"
        type="button"
        className={
          lifted?.list === list && lifted.id === id
            ? "menu-editor-handle is-lifted"
            : "menu-editor-handle"
        }
        aria-label={t.handle(nameOf(list, id))}
        aria-describedby="ziehen-hilfe"
        aria-pressed={lifted?.list === list && lifted.id === id}
        onKeyDown={onHandleKey(list, id)}
        {...dragProps(list, id)}
        onBlur={() => {
          if (lifted?.list === list && lifted.id === id) {
            // Leaving the handle drops the row where it is.
            const order = orderOf(list);
            const index = order.indexOf(id);
            setLifted(null);
            if (lifted.before.indexOf(id) !== index) save(list, id, index);
          }
        }}
        ref={(element) => {
          if (element) handles.current.set(`${list}:${id}`, element);
          else handles.current.delete(`${list}:${id}`);
        }}
      >
        <span aria-hidden="true">⠿</span>
      </Button>
    ) : null;

  const categoryOrder = orders.categories;
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    // Catches the submits of the steps form and the rows' add forms (see `onSubmit`).
    <div onSubmit={onSubmit}>
      {hydrated ? (
        <p id="ziehen-hilfe" className="menu-editor-help">
          {t.dragHelp}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="assertive">
        {announcement}
      </p>
      {failed ? (
        <p className="ui-notice ui-notice-error" role="alert">
          {t.saveFailed}
        </p>
      ) : null}
      {categories.length === 0 ? <p>{t.emptyMenu}</p> : null}
      <RowLabels />
      <form method="post" id={STEPS_FORM} data-editor-form="" hidden />
      <form method="post" id={SOLD_OUT_FORM} hidden>
        <input type="hidden" name="branchId" value="" />
        <input type="hidden" name="returnTo" value={`/backend/menus/${menuId}/catalogue`} />
      </form>
      <ol id="kategorien" className="menu-editor-categories">
        {categoryOrder.map((categoryId, categoryIndex) => {
          const category = byCategory.get(categoryId);
          if (!category) return null;
          const list: ListKey = `entries-${category.id}`;
          const entryOrder = orderOf(list);
          return (
            <li
              key={category.id}
              id={`kategorie-${category.id}`}
              className="menu-editor-category"
              data-category-id={category.id}
              {...dropProps("categories", category.id)}
            >
              <div className="menu-editor-row menu-editor-category-row">
                {handle("categories", category.id)}
                <h2 className="menu-editor-name">
                  {category.name}
                  {category.isEnabled ? null : (
                    <>
                      {" "}
                      <Badge tone="warning">{t.disabled}</Badge>
                    </>
                  )}
                </h2>
                <RowForm
                  kind="category"
                  id={category.id}
                  name={category.name}
                  index={categoryIndex}
                  count={categoryOrder.length}
                />
              </div>
              {entryOrder.length === 0 ? (
                <p className="menu-editor-empty">{t.emptyCategory}</p>
              ) : (
                <ol className="menu-editor-entries" aria-label={category.name}>
                  {entryOrder.map((entryId, entryIndex) => {
                    const entry = entriesById.get(entryId);
                    if (!entry) return null;
                    return (
                      <li
                        key={entry.id}
                        id={`eintrag-${entry.id}`}
                        className="menu-editor-entry"
                        data-entry-id={entry.id}
                        {...dropProps(list, entry.id)}
                      >
                        <div className="menu-editor-row">
                          {handle(list, entry.id)}
                          <EntryName entry={entry} />
                          {moving === entry.id ? (
                            <RowForm
                              kind="entry"
                              id={entry.id}
                              name={entry.name}
                              index={entryIndex}
                              count={entryOrder.length}
                            />
                          ) : (
                            <EntryActions
                              entry={entry}
                              index={entryIndex}
                              count={entryOrder.length}
                            />
                          )}
                          {entry.kind === "product" ? <SoldOutButton entry={entry} /> : null}
                        </div>
                      </li>
                    );
                  })}
                </ol>
              )}
              <AddEntry
                category={category}
                search={search.category === category.id ? search : null}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
