/**
 * Shapes for the demo shop's pictures (decision 042): every picture is an SVG string of
 * 1200 × 900, a warm backdrop with one subject on it. The subjects are parameterised by colours and
 * shapes, so the ~80 demo products share a dozen drawings yet each kind looks like itself.
 */

export const WIDTH = 1200;
export const HEIGHT = 900;

export interface Backdrop {
  /** Top and bottom of the wall behind the table. */
  wall: [string, string];
  /** The table top. */
  table: [string, string];
}

export const warmBackdrop: Backdrop = {
  wall: ["#f7e7cf", "#efd2a8"],
  table: ["#b77b4b", "#8a5531"],
};

/** A small deterministic random source, so the same seed draws the same crumbs and seeds. */
export function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507);
    state = Math.imul(state ^ (state >>> 13), 3266489909);
    state ^= state >>> 16;
    return (state >>> 0) / 4294967296;
  };
}

/** Lighter (amount > 0) or darker (amount < 0) shade of a '#rrggbb' colour. */
export function shade(colour: string, amount: number): string {
  const value = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const target = amount > 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

let gradientCount = 0;

/** A gradient definition and its url(), ids unique within one picture. */
export function gradient(
  from: string,
  to: string,
  { radial = false, angle = 90 }: { radial?: boolean; angle?: number } = {},
): { def: string; fill: string } {
  gradientCount += 1;
  const id = `g${gradientCount}`;
  if (radial) {
    return {
      def: `<radialGradient id="${id}" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>`,
      fill: `url(#${id})`,
    };
  }
  const radians = (angle * Math.PI) / 180;
  const x = Math.cos(radians) / 2;
  const y = Math.sin(radians) / 2;
  return {
    def: `<linearGradient id="${id}" x1="${0.5 - x}" y1="${0.5 - y}" x2="${0.5 + x}" y2="${0.5 + y}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    fill: `url(#${id})`,
  };
}

/** Accumulates defs and shapes, then wraps them into one SVG document. */
export class Canvas {
  private defs: string[] = [];
  private shapes: string[] = [];

  constructor(
    readonly width = WIDTH,
    readonly height = HEIGHT,
  ) {}

  gradient(from: string, to: string, options?: { radial?: boolean; angle?: number }): string {
    const { def, fill } = gradient(from, to, options);
    this.defs.push(def);
    return fill;
  }

  add(...shapes: string[]): this {
    this.shapes.push(...shapes);
    return this;
  }

  /** A soft shadow on the table under a subject centred at (x, y). */
  shadow(x: number, y: number, rx: number, ry: number): this {
    const fill = this.gradient("rgba(60,30,10,0.45)", "rgba(60,30,10,0)", { radial: true });
    return this.add(`<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${fill}"/>`);
  }

  /** Wall, table edge and table top. */
  backdrop(backdrop: Backdrop = warmBackdrop, horizon = 430): this {
    const wall = this.gradient(backdrop.wall[0], backdrop.wall[1]);
    const table = this.gradient(backdrop.table[0], backdrop.table[1]);
    return this.add(
      `<rect width="${this.width}" height="${horizon}" fill="${wall}"/>`,
      `<rect y="${horizon}" width="${this.width}" height="${this.height - horizon}" fill="${table}"/>`,
      `<rect y="${horizon}" width="${this.width}" height="10" fill="${shade(backdrop.table[0], 0.25)}"/>`,
      // Grain lines in the wood.
      ...[0.25, 0.5, 0.75].map(
        (at) =>
          `<path d="M0 ${horizon + (this.height - horizon) * at} q${this.width / 2} ${18 * at} ${this.width} 0" stroke="${shade(backdrop.table[1], -0.15)}" stroke-width="3" fill="none" opacity="0.35"/>`,
      ),
    );
  }

  /** A round wooden board or plate under the subject. */
  board(x: number, y: number, rx: number, ry: number, colour = "#d9a66b"): this {
    this.shadow(x, y + 20, rx + 30, ry + 14);
    const top = this.gradient(shade(colour, 0.2), shade(colour, -0.1), { radial: true });
    return this.add(
      `<ellipse cx="${x}" cy="${y + 10}" rx="${rx}" ry="${ry}" fill="${shade(colour, -0.3)}"/>`,
      `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${top}"/>`,
    );
  }

  plate(x: number, y: number, rx: number, ry: number): this {
    this.shadow(x, y + 18, rx + 24, ry + 12);
    const top = this.gradient("#ffffff", "#e9e4dc", { radial: true });
    return this.add(
      `<ellipse cx="${x}" cy="${y + 8}" rx="${rx}" ry="${ry}" fill="#cfc6b8"/>`,
      `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${top}"/>`,
      `<ellipse cx="${x}" cy="${y}" rx="${rx * 0.72}" ry="${ry * 0.72}" fill="none" stroke="#e2dbcf" stroke-width="4"/>`,
    );
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join("")}</defs>${this.shapes.join("")}</svg>`;
  }
}

/** Scattered dots (seeds, sugar, crumbs) inside an ellipse. */
export function scatter(
  random: () => number,
  { cx, cy, rx, ry, count, colour, size = 6 }: ScatterOptions,
): string {
  const dots: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random());
    const x = cx + Math.cos(angle) * rx * distance;
    const y = cy + Math.sin(angle) * ry * distance;
    const r = size * (0.6 + random() * 0.6);
    dots.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * 0.7).toFixed(1)}" fill="${colour}" transform="rotate(${Math.round(random() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  return dots.join("");
}

export interface ScatterOptions {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  count: number;
  colour: string;
  size?: number;
}
