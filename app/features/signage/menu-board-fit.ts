/**
 * How tall a menu board is, in em of its own type, laid out in one column (issue 36, item 9).
 * The board's stylesheet (signage.css, `.tv-menu`) takes this as `--board-rows` and picks the
 * largest type at which the board fits the screen in one to six columns, with or without
 * JavaScript; the player then only checks and, where a screen's font runs wider, shrinks a little.
 *
 * The figures follow the stylesheet: lines 1.25em high, a column at least 17em wide, of which the
 * price and the gap take 5.5em, and about 0.55em per character (generous for German type).
 */
export const BOARD_LINE_EM = 1.25;
const NAME_CHARS_PER_LINE = 20;
const HEADING_CHARS_PER_LINE = 25;
/** A category's heading: 1.1em type on 1.25 lines plus 0.8em of margin. */
const HEADING_EM = 1.1 * BOARD_LINE_EM;
const HEADING_MARGIN_EM = 0.8;

export interface BoardCategory {
  name: string;
  products: { name: string; soldOut?: boolean }[];
}

const linesOf = (text: string, perLine: number) => Math.max(1, Math.ceil(text.length / perLine));

export function menuBoardRows(categories: readonly BoardCategory[], soldOutMark = ""): number {
  let rows = 0;
  for (const category of categories) {
    rows += HEADING_MARGIN_EM + HEADING_EM * linesOf(category.name, HEADING_CHARS_PER_LINE);
    for (const product of category.products) {
      const text = product.soldOut ? `${product.name} ${soldOutMark}` : product.name;
      rows += BOARD_LINE_EM * linesOf(text, NAME_CHARS_PER_LINE);
    }
  }
  return Math.round(rows * 100) / 100;
}
