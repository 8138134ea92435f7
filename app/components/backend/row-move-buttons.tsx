import { Button } from "#app/components/ui/button";

/** What a row's buttons do to it. */
export type RowMove = "up" | "down" | "remove";

/** Each button's text and the label that says which row it moves (`Teil 2 nach oben verschieben`). */
export type RowMoveTexts = Readonly<Record<RowMove, string>> & {
  readonly [Label in `${RowMove}Label`]: (what: string) => string;
};

/**
 * Move up, move down and remove: the buttons of one row of a list edited without JavaScript
 * (the product, template-layer and block editors). Each is a submit button `name="intent"` whose
 * value (`value(move)`) the page's action turns into conform's list intent; the first row has no
 * "up", the last no "down".
 */
export function RowMoveButtons({
  index,
  count,
  what,
  texts,
  value,
}: {
  index: number;
  count: number;
  /** The row as the labels name it. */
  what: string;
  texts: RowMoveTexts;
  value: (move: RowMove) => string;
}) {
  const button = (move: RowMove) => (
    <Button
      type="submit"
      name="intent"
      value={value(move)}
      formNoValidate
      aria-label={texts[`${move}Label`](what)}
      variant={move === "remove" ? "danger" : "secondary"}
    >
      {texts[move]}
    </Button>
  );
  return (
    <div className="area-actions">
      {index > 0 ? button("up") : null}
      {index < count - 1 ? button("down") : null}
      {button("remove")}
    </div>
  );
}
