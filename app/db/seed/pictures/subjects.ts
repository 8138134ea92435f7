import { Canvas, randomFrom, scatter, shade } from "./drawing";

/**
 * The subjects of the demo pictures. Each is a function of a few colours and shape choices that
 * returns a finished 1200 × 900 SVG (see drawing.ts).
 */

export type Topping =
  "none" | "seeds" | "poppy" | "sesame" | "grains" | "cheese" | "flour" | "sugar";

const TOPPING_COLOURS: Record<Exclude<Topping, "none">, string> = {
  seeds: "#6b4a24",
  poppy: "#2b2a33",
  sesame: "#f1deb0",
  grains: "#c9a36a",
  cheese: "#f2c14e",
  flour: "#f6efe4",
  sugar: "#ffffff",
};

function topping(
  random: () => number,
  kind: Topping,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
) {
  if (kind === "none") return "";
  const count = kind === "flour" || kind === "sugar" ? 140 : kind === "cheese" ? 26 : 90;
  const size = kind === "cheese" ? 16 : kind === "flour" || kind === "sugar" ? 4 : 7;
  return scatter(random, { cx, cy, rx, ry, count, colour: TOPPING_COLOURS[kind], size });
}

export interface LoafOptions {
  seed: string;
  crust: string;
  shape: "round" | "oval" | "long" | "box" | "flat";
  scores?: "cross" | "diagonal" | "straight" | "none";
  topping?: Topping;
}

/** A bread on a board: round and oval loaves, baguette, ciabatta, a tin loaf. */
export function loaf({
  seed,
  crust,
  shape,
  scores = "diagonal",
  topping: on = "none",
}: LoafOptions) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  const sizes = {
    round: [270, 190],
    oval: [340, 170],
    long: [470, 75],
    box: [260, 170],
    flat: [380, 105],
  } as const;
  const [rx, ry] = sizes[shape];
  const cx = 600;
  const cy = 560;
  canvas.board(cx, cy + ry * 0.55, rx + 80, 120);
  const body = canvas.gradient(shade(crust, 0.25), shade(crust, -0.3), { radial: true });
  if (shape === "box") {
    canvas.add(
      `<rect x="${cx - rx}" y="${cy - ry}" width="${rx * 2}" height="${ry * 1.7}" rx="40" fill="${body}"/>`,
      `<path d="M${cx - rx - 10} ${cy - ry + 40} q${rx + 10} -160 ${rx * 2 + 20} 0" fill="${shade(crust, 0.1)}"/>`,
      // The cut slices leaning at the front.
      ...[0, 1, 2].map(
        (index) =>
          `<rect x="${cx + rx - 30 + index * 48}" y="${cy - ry + 30 + index * 8}" width="40" height="${ry * 1.5}" rx="14" fill="#f6e2bd" stroke="${shade(crust, -0.1)}" stroke-width="10" transform="rotate(${8 + index * 4} ${cx + rx} ${cy})"/>`,
      ),
    );
  } else {
    canvas.add(
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${body}"/>`,
      `<ellipse cx="${cx - rx * 0.2}" cy="${cy - ry * 0.45}" rx="${rx * 0.55}" ry="${ry * 0.3}" fill="#fff" opacity="0.12"/>`,
    );
    const cut = shade(crust, 0.45);
    if (scores === "cross") {
      canvas.add(
        `<path d="M${cx - rx * 0.55} ${cy - ry * 0.2} L${cx + rx * 0.55} ${cy + ry * 0.2} M${cx - rx * 0.55} ${cy + ry * 0.2} L${cx + rx * 0.55} ${cy - ry * 0.2}" stroke="${cut}" stroke-width="18" stroke-linecap="round"/>`,
      );
    } else if (scores === "diagonal") {
      const count = shape === "long" ? 5 : 3;
      for (let index = 0; index < count; index += 1) {
        const x = cx - rx * 0.7 + (index * rx * 1.4) / Math.max(1, count - 1);
        canvas.add(
          `<path d="M${x - 40} ${cy + ry * 0.35} q30 ${-ry * 0.5} 80 ${-ry * 0.7}" stroke="${cut}" stroke-width="16" fill="none" stroke-linecap="round"/>`,
        );
      }
    } else if (scores === "straight") {
      canvas.add(
        `<path d="M${cx - rx * 0.7} ${cy - 10} q${rx * 0.7} -30 ${rx * 1.4} 0" stroke="${cut}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
      );
    }
    canvas.add(topping(random, on, cx, cy - ry * 0.1, rx * 0.85, ry * 0.75));
  }
  return canvas.toString();
}

export interface RollsOptions {
  seed: string;
  crust: string;
  count?: number;
  topping?: Topping;
  cut?: "line" | "star" | "none";
  /** A paper bag behind the rolls. */
  bag?: boolean;
}

/** Bread rolls in a basket or on a board. */
export function rolls({
  seed,
  crust,
  count = 3,
  topping: on = "none",
  cut = "line",
  bag = false,
}: RollsOptions) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.board(600, 650, 430, 130);
  if (bag) {
    const paper = canvas.gradient("#e8cf9f", "#c9a46b");
    canvas.add(
      `<path d="M380 640 L420 250 L780 250 L820 640 Z" fill="${paper}"/>`,
      `<path d="M420 250 l30 -40 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 l30 40" fill="#e8cf9f"/>`,
      `<circle cx="600" cy="420" r="70" fill="none" stroke="#9b6b32" stroke-width="10"/>`,
      `<path d="M600 360 v120 M545 420 h110" stroke="#9b6b32" stroke-width="10"/>`,
    );
  }
  const positions = [
    [600, 600],
    [390, 640],
    [810, 640],
    [480, 700],
    [720, 700],
  ].slice(0, count);
  for (const [x = 0, y = 0] of positions) {
    const body = canvas.gradient(shade(crust, 0.3), shade(crust, -0.3), { radial: true });
    canvas.add(
      `<ellipse cx="${x}" cy="${y}" rx="150" ry="100" fill="${body}"/>`,
      `<ellipse cx="${x - 30}" cy="${y - 45}" rx="70" ry="25" fill="#fff" opacity="0.14"/>`,
    );
    const line = shade(crust, 0.45);
    if (cut === "line") {
      canvas.add(
        `<path d="M${x - 90} ${y - 5} q90 -25 180 0" stroke="${line}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
      );
    } else if (cut === "star") {
      for (let arm = 0; arm < 5; arm += 1) {
        const angle = (arm * 72 * Math.PI) / 180;
        canvas.add(
          `<path d="M${x} ${y - 5} q${Math.cos(angle + 0.6) * 50} ${Math.sin(angle + 0.6) * 30} ${Math.cos(angle) * 110} ${Math.sin(angle) * 70}" stroke="${line}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
        );
      }
    }
    canvas.add(topping(random, on, x, y - 10, 120, 75));
  }
  return canvas.toString();
}

/** A pretzel (or pretzel sticks) with coarse salt; `butter` adds the cut with butter. */
export function pretzel({
  seed,
  colour = "#7a3e12",
  form = "knot",
  butter = false,
  cheese = false,
}: {
  seed: string;
  colour?: string;
  form?: "knot" | "stick";
  butter?: boolean;
  cheese?: boolean;
}) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.board(600, 650, 440, 130);
  const stroke = canvas.gradient(shade(colour, 0.25), shade(colour, -0.25));
  if (form === "knot") {
    canvas.add(
      `<path d="M600 640 C 380 640, 280 420, 420 360 C 540 310, 640 520, 560 600 M600 640 C 820 640, 920 420, 780 360 C 660 310, 560 520, 640 600 M470 610 L730 480 M730 610 L470 480" stroke="${stroke}" stroke-width="70" fill="none" stroke-linecap="round"/>`,
      `<path d="M440 380 C 520 350, 600 460, 580 560 M760 380 C 680 350, 600 460, 620 560" stroke="#fff" stroke-width="10" fill="none" opacity="0.18" stroke-linecap="round"/>`,
    );
    if (butter) {
      canvas.add(
        `<path d="M430 600 C 520 630, 680 630, 770 600" stroke="#f7e08a" stroke-width="22" fill="none" stroke-linecap="round"/>`,
      );
    }
    canvas.add(
      scatter(random, {
        cx: 600,
        cy: 500,
        rx: 300,
        ry: 150,
        count: 60,
        colour: "#ffffff",
        size: 7,
      }),
    );
  } else {
    for (const [x, y, angle] of [
      [600, 560, -8],
      [600, 660, 4],
    ] as const) {
      canvas.add(
        `<rect x="${x - 330}" y="${y - 45}" width="660" height="90" rx="45" fill="${stroke}" transform="rotate(${angle} ${x} ${y})"/>`,
        `<path d="M${x - 200} ${y - 30} l40 55 M${x - 40} ${y - 30} l40 55 M${x + 120} ${y - 30} l40 55" stroke="${shade(colour, 0.45)}" stroke-width="10" transform="rotate(${angle} ${x} ${y})"/>`,
      );
    }
    if (cheese) {
      canvas.add(
        `<rect x="300" y="480" width="600" height="40" rx="12" fill="#f2c14e" transform="rotate(-8 600 500)"/>`,
        `<path d="M300 520 q40 40 80 0 q40 40 80 0 q40 40 80 0 q40 40 80 0 q40 40 80 0 q40 40 80 0 q40 40 80 0" fill="#7fb24a" transform="rotate(-8 600 500)"/>`,
      );
    }
    canvas.add(
      scatter(random, { cx: 600, cy: 610, rx: 320, ry: 80, count: 50, colour: "#ffffff", size: 7 }),
    );
  }
  return canvas.toString();
}

/** A croissant of crescent segments; `filling` shows at the ends or cut open. */
export function croissant({ colour = "#d9953f", filling }: { colour?: string; filling?: string }) {
  const canvas = new Canvas().backdrop();
  canvas.plate(600, 640, 420, 140);
  const segments = [-2, -1, 0, 1, 2];
  for (const index of segments) {
    const width = 150 - Math.abs(index) * 30;
    const height = 210 - Math.abs(index) * 45;
    const x = 600 + index * 120;
    const y = 560 + Math.abs(index) * Math.abs(index) * 18;
    const body = canvas.gradient(shade(colour, 0.3), shade(colour, -0.3), { radial: true });
    canvas.add(
      `<ellipse cx="${x}" cy="${y}" rx="${width / 2 + 20}" ry="${height / 2}" fill="${body}" stroke="${shade(colour, -0.35)}" stroke-width="6" transform="rotate(${index * 22} ${x} ${y})"/>`,
    );
  }
  if (filling) {
    canvas.add(
      `<path d="M420 620 q180 60 360 0" stroke="${filling}" stroke-width="26" fill="none" stroke-linecap="round"/>`,
      `<path d="M430 470 q170 -50 340 0" stroke="${filling}" stroke-width="14" fill="none" opacity="0.8" stroke-linecap="round"/>`,
    );
  }
  return canvas.toString();
}

export interface PastryOptions {
  seed: string;
  shape: "spiral" | "round" | "square" | "triangle" | "ring";
  dough: string;
  glaze?: string;
  /** A fruit or filling colour shown in the middle. */
  filling?: string;
  topping?: Topping;
  /** Half the top glazed in a second colour (Amerikaner, Nussecke). */
  half?: string;
}

/** Sweet pastries: snails, doughnuts, Danish squares, turnovers, nut corners. */
export function pastry({
  seed,
  shape,
  dough,
  glaze,
  filling,
  topping: on = "none",
  half,
}: PastryOptions) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.plate(600, 640, 400, 140);
  const body = canvas.gradient(shade(dough, 0.3), shade(dough, -0.3), { radial: true });
  const cx = 600;
  const cy = 560;
  if (shape === "spiral") {
    canvas.add(`<circle cx="${cx}" cy="${cy}" r="220" fill="${body}"/>`);
    let path = `M${cx} ${cy}`;
    for (let step = 1; step <= 60; step += 1) {
      const angle = step * 0.35;
      const r = step * 3.4;
      path += ` L${(cx + Math.cos(angle) * r).toFixed(1)} ${(cy + Math.sin(angle) * r * 0.9).toFixed(1)}`;
    }
    canvas.add(
      `<path d="${path}" stroke="${filling ?? shade(dough, -0.4)}" stroke-width="16" fill="none" stroke-linecap="round"/>`,
    );
  } else if (shape === "round" || shape === "ring") {
    canvas.add(`<ellipse cx="${cx}" cy="${cy}" rx="230" ry="190" fill="${body}"/>`);
    if (half) {
      canvas.add(
        `<path d="M${cx} ${cy - 190} A230 190 0 0 1 ${cx} ${cy + 190} Z" fill="${half}"/>`,
      );
    }
    if (glaze)
      canvas.add(
        `<ellipse cx="${cx}" cy="${cy - 10}" rx="190" ry="150" fill="${glaze}" opacity="0.9"/>`,
      );
    if (shape === "ring")
      canvas.add(`<ellipse cx="${cx}" cy="${cy}" rx="60" ry="50" fill="#f3ede4"/>`);
    if (filling) {
      canvas.add(
        `<path d="M${cx + 150} ${cy + 30} q60 20 100 60 q-60 10 -110 -20 z" fill="${filling}"/>`,
        `<ellipse cx="${cx + 200}" cy="${cy + 40}" rx="30" ry="22" fill="${filling}"/>`,
      );
    }
  } else if (shape === "square") {
    canvas.add(
      `<rect x="${cx - 220}" y="${cy - 190}" width="440" height="380" rx="40" fill="${body}" transform="rotate(-6 ${cx} ${cy})"/>`,
      `<rect x="${cx - 150}" y="${cy - 120}" width="300" height="240" rx="30" fill="${shade(dough, 0.35)}" transform="rotate(-6 ${cx} ${cy})"/>`,
    );
    if (filling) {
      for (const [dx, dy] of [
        [-60, -40],
        [50, -30],
        [-20, 40],
        [70, 50],
        [-80, 60],
      ] as const) {
        canvas.add(`<circle cx="${cx + dx}" cy="${cy + dy}" r="34" fill="${filling}"/>`);
      }
    }
  } else {
    canvas.add(
      `<path d="M${cx - 280} ${cy + 160} L${cx} ${cy - 220} L${cx + 280} ${cy + 160} Z" fill="${body}" stroke="${shade(dough, -0.3)}" stroke-width="14" stroke-linejoin="round"/>`,
    );
    if (half) {
      canvas.add(
        `<path d="M${cx - 180} ${cy + 160} L${cx} ${cy - 90} L${cx + 180} ${cy + 160} Z" fill="${half}" opacity="0.85"/>`,
      );
    }
    if (filling) {
      canvas.add(
        `<path d="M${cx - 150} ${cy + 120} q150 -70 300 0" stroke="${filling}" stroke-width="20" fill="none" stroke-linecap="round"/>`,
      );
    }
  }
  canvas.add(topping(random, on, cx, cy - 20, 190, 140));
  return canvas.toString();
}

export interface SliceOptions {
  seed: string;
  /** Bottom to top. */
  layers: string[];
  /** The top: cream, fruit, crumble or glaze. */
  top: string;
  decoration?:
    "cherries" | "strawberries" | "crumble" | "almonds" | "meringue" | "chocolate" | "none";
  plate?: boolean;
}

/** A slice of cake or torte seen from the side: its layers show what it is. */
export function slice({ seed, layers, top, decoration = "none", plate = true }: SliceOptions) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  if (plate) canvas.plate(600, 660, 400, 130);
  else canvas.board(600, 660, 420, 130);
  const left = 360;
  const right = 840;
  const tip = 460;
  const bottom = 680;
  const height = layers.length > 3 ? 330 : 260;
  const layerHeight = height / layers.length;
  // The cut face: a quadrilateral per layer, the back wedge lighter.
  layers.forEach((colour, index) => {
    const y = bottom - (index + 1) * layerHeight;
    canvas.add(
      `<path d="M${left} ${y + layerHeight} L${right} ${y + layerHeight - 40} L${right} ${y - 40} L${left} ${y} Z" fill="${colour}"/>`,
      `<path d="M${right} ${y + layerHeight - 40} L${tip + 420} ${y + layerHeight - 120} L${tip + 420} ${y - 120} L${right} ${y - 40} Z" fill="${shade(colour, -0.2)}"/>`,
    );
  });
  const topY = bottom - height;
  const topFill = canvas.gradient(shade(top, 0.25), shade(top, -0.1));
  canvas.add(
    `<path d="M${left} ${topY} L${right} ${topY - 40} L${tip + 420} ${topY - 120} Z" fill="${topFill}"/>`,
    `<path d="M${left} ${topY} L${right} ${topY - 40}" stroke="${shade(top, -0.2)}" stroke-width="8"/>`,
  );
  const decorate = (colour: string, r: number, shine = true) => {
    for (const [x, y] of [
      [520, topY - 50],
      [680, topY - 75],
      [800, topY - 100],
    ] as const) {
      canvas.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`);
      if (shine)
        canvas.add(
          `<circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 4}" fill="#fff" opacity="0.5"/>`,
        );
    }
  };
  if (decoration === "cherries") {
    for (const [x, y] of [
      [520, topY - 80],
      [700, topY - 110],
    ] as const) {
      canvas.add(`<ellipse cx="${x}" cy="${y + 20}" rx="44" ry="28" fill="#fffaf2"/>`);
    }
    decorate("#9e1b2c", 26);
  } else if (decoration === "strawberries") {
    decorate("#d93a4a", 34);
  } else if (decoration === "crumble") {
    canvas.add(
      scatter(random, {
        cx: 640,
        cy: topY - 60,
        rx: 220,
        ry: 45,
        count: 70,
        colour: shade(top, -0.2),
        size: 13,
      }),
    );
  } else if (decoration === "almonds") {
    canvas.add(
      scatter(random, {
        cx: 640,
        cy: topY - 60,
        rx: 220,
        ry: 45,
        count: 50,
        colour: "#f3dfb5",
        size: 14,
      }),
    );
  } else if (decoration === "meringue") {
    for (const [x, y] of [
      [500, topY - 40],
      [620, topY - 70],
      [740, topY - 90],
      [860, topY - 110],
    ] as const) {
      canvas.add(
        `<path d="M${x - 45} ${y + 20} q45 -110 90 0 z" fill="#fff6e8" stroke="#e8c48e" stroke-width="6"/>`,
      );
    }
  } else if (decoration === "chocolate") {
    canvas.add(
      scatter(random, {
        cx: 640,
        cy: topY - 60,
        rx: 200,
        ry: 40,
        count: 40,
        colour: "#3b2014",
        size: 10,
      }),
    );
  }
  return canvas.toString();
}

export interface CakeOptions {
  seed: string;
  body: string;
  top: string;
  tiers?: number;
  /** A ring cake (Frankfurter Kranz) or a loaf-shaped cake (marble, Stollen). */
  form?: "round" | "ring" | "loaf";
  decoration?:
    "cherries" | "strawberries" | "candles" | "flowers" | "sugar" | "almonds" | "photo" | "none";
}

/** Whole cakes and tortes, from a Stollen to a three-tier wedding cake. */
export function cake({
  seed,
  body,
  top,
  tiers = 1,
  form = "round",
  decoration = "none",
}: CakeOptions) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.plate(600, 700, 400, 120);
  const side = canvas.gradient(shade(body, 0.15), shade(body, -0.25), { angle: 0 });
  if (form === "loaf") {
    canvas.add(
      `<path d="M280 690 Q280 420 600 420 Q920 420 920 690 Z" fill="${side}"/>`,
      `<path d="M300 520 Q600 380 900 520" stroke="${top}" stroke-width="80" fill="none" stroke-linecap="round" opacity="0.9"/>`,
    );
    if (decoration === "sugar") {
      canvas.add(
        scatter(random, {
          cx: 600,
          cy: 500,
          rx: 290,
          ry: 70,
          count: 160,
          colour: "#ffffff",
          size: 6,
        }),
      );
    }
    return canvas.toString();
  }
  let bottom = 700;
  let width = tiers > 1 ? 330 : 300;
  const tierHeight = tiers > 1 ? 150 : 220;
  for (let tier = 0; tier < tiers; tier += 1) {
    const topY = bottom - tierHeight;
    canvas.add(
      `<path d="M${600 - width} ${bottom} L${600 - width} ${topY} A${width} 60 0 0 1 ${600 + width} ${topY} L${600 + width} ${bottom} A${width} 60 0 0 1 ${600 - width} ${bottom} Z" fill="${side}"/>`,
      `<ellipse cx="600" cy="${topY}" rx="${width}" ry="60" fill="${top}"/>`,
    );
    // Piped cream along the top edge.
    for (let dot = 0; dot < 10; dot += 1) {
      const angle = Math.PI * (dot / 9);
      canvas.add(
        `<circle cx="${(600 - Math.cos(angle) * width * 0.92).toFixed(1)}" cy="${(topY + Math.sin(angle) * 50).toFixed(1)}" r="${Math.max(10, width / 16).toFixed(1)}" fill="${shade(top, 0.35)}"/>`,
      );
    }
    if (form === "ring" && tier === tiers - 1) {
      canvas.add(`<ellipse cx="600" cy="${topY}" rx="${width * 0.3}" ry="18" fill="#ede6da"/>`);
    }
    bottom = topY + 10;
    width *= 0.72;
  }
  const topY = bottom - 10;
  const on = (colour: string, r: number) => {
    for (let dot = 0; dot < 6; dot += 1) {
      const angle = (Math.PI * 2 * dot) / 6;
      canvas.add(
        `<circle cx="${(600 + Math.cos(angle) * width * 0.9).toFixed(1)}" cy="${(topY + Math.sin(angle) * 30 - 10).toFixed(1)}" r="${r}" fill="${colour}"/>`,
      );
    }
  };
  if (decoration === "cherries") on("#9e1b2c", 20);
  else if (decoration === "strawberries") on("#d93a4a", 26);
  else if (decoration === "almonds") {
    canvas.add(
      scatter(random, {
        cx: 600,
        cy: topY,
        rx: width * 1.2,
        ry: 40,
        count: 60,
        colour: "#e0b56a",
        size: 10,
      }),
    );
  } else if (decoration === "candles") {
    for (const x of [-90, -30, 30, 90]) {
      canvas.add(
        `<rect x="${600 + x - 9}" y="${topY - 110}" width="18" height="100" rx="6" fill="${x % 60 === 0 ? "#5aa0d8" : "#f08aa8"}"/>`,
        `<path d="M${600 + x} ${topY - 150} q16 22 0 36 q-16 -14 0 -36 z" fill="#f9b233"/>`,
      );
    }
  } else if (decoration === "flowers") {
    for (const [dx, colour] of [
      [-50, "#f6c1cf"],
      [10, "#ffffff"],
      [60, "#f6c1cf"],
    ] as const) {
      for (let petal = 0; petal < 5; petal += 1) {
        const angle = (Math.PI * 2 * petal) / 5;
        canvas.add(
          `<circle cx="${(600 + dx + Math.cos(angle) * 16).toFixed(1)}" cy="${(topY - 20 + Math.sin(angle) * 12).toFixed(1)}" r="14" fill="${colour}" stroke="#e9a5b8" stroke-width="2"/>`,
        );
      }
      canvas.add(`<circle cx="${600 + dx}" cy="${topY - 20}" r="8" fill="#f2c14e"/>`);
    }
  } else if (decoration === "photo") {
    canvas.add(
      `<ellipse cx="600" cy="${topY}" rx="${width * 0.7}" ry="36" fill="#9ccbe8"/>`,
      `<path d="M${600 - width * 0.5} ${topY + 10} l${width * 0.3} -25 l${width * 0.25} 18 l${width * 0.3} -22 l${width * 0.45} 25" fill="#6a9f4b"/>`,
      `<circle cx="${600 + width * 0.3}" cy="${topY - 14}" r="10" fill="#f9d65c"/>`,
    );
  }
  return canvas.toString();
}

/** Several small round things in a row: macarons, cupcakes, biscuits. */
export function row({
  seed,
  kind,
  colours,
}: {
  seed: string;
  kind: "macaron" | "cupcake" | "biscuit";
  colours: string[];
}) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.board(600, 680, 460, 120, "#e8d2b0");
  const spacing = 760 / colours.length;
  colours.forEach((colour, index) => {
    const x = 220 + spacing * (index + 0.5);
    const y = 620 - (index % 2) * 30;
    if (kind === "macaron") {
      canvas.add(
        `<ellipse cx="${x}" cy="${y + 30}" rx="62" ry="34" fill="${colour}"/>`,
        `<rect x="${x - 56}" y="${y - 8}" width="112" height="26" fill="${shade(colour, 0.6)}"/>`,
        `<ellipse cx="${x}" cy="${y - 20}" rx="62" ry="34" fill="${shade(colour, 0.1)}"/>`,
      );
    } else if (kind === "cupcake") {
      canvas.add(
        `<path d="M${x - 55} ${y - 10} L${x - 40} ${y + 80} L${x + 40} ${y + 80} L${x + 55} ${y - 10} Z" fill="#d59a5c"/>`,
        `<path d="M${x - 30} ${y} v70 M${x} ${y} v75 M${x + 30} ${y} v70" stroke="#b77b4b" stroke-width="5"/>`,
        `<ellipse cx="${x}" cy="${y - 20}" rx="66" ry="34" fill="${colour}"/>`,
        `<ellipse cx="${x}" cy="${y - 55}" rx="46" ry="30" fill="${shade(colour, 0.15)}"/>`,
        `<circle cx="${x}" cy="${y - 90}" r="14" fill="#c62838"/>`,
        scatter(random, {
          cx: x,
          cy: y - 40,
          rx: 50,
          ry: 30,
          count: 10,
          colour: "#ffffff",
          size: 4,
        }),
      );
    } else {
      canvas.add(
        `<ellipse cx="${x}" cy="${y + 20}" rx="${spacing / 2 - 8}" ry="${spacing / 2 - 30}" fill="${colour}" stroke="${shade(colour, -0.3)}" stroke-width="8"/>`,
        `<ellipse cx="${x}" cy="${y + 14}" rx="${spacing / 2 - 30}" ry="${spacing / 2 - 50}" fill="${shade(colour, -0.15)}"/>`,
        scatter(random, {
          cx: x,
          cy: y + 14,
          rx: spacing / 2 - 40,
          ry: spacing / 2 - 60,
          count: 5,
          colour: "#f3dfb5",
          size: 10,
        }),
      );
    }
  });
  return canvas.toString();
}

/** A filled roll or sandwich from the front: bread, then the fillings in colourful bands. */
export function sandwich({
  bread,
  fillings,
  form = "roll",
}: {
  bread: string;
  fillings: string[];
  form?: "roll" | "triangle" | "croissant";
}) {
  const canvas = new Canvas().backdrop();
  canvas.board(600, 680, 440, 120);
  const crust = canvas.gradient(shade(bread, 0.25), shade(bread, -0.25), { radial: true });
  if (form === "triangle") {
    canvas.add(
      `<path d="M320 700 L600 330 L880 700 Z" fill="#f3e3c3" stroke="${bread}" stroke-width="26" stroke-linejoin="round"/>`,
    );
    fillings.forEach((colour, index) => {
      canvas.add(
        `<path d="M${380 + index * 20} ${640 - index * 55} L${820 - index * 20} ${640 - index * 55}" stroke="${colour}" stroke-width="34" stroke-linecap="round"/>`,
      );
    });
    return canvas.toString();
  }
  const width = form === "croissant" ? 300 : 270;
  canvas.add(`<ellipse cx="600" cy="640" rx="${width}" ry="70" fill="${crust}"/>`);
  fillings.forEach((colour, index) => {
    const y = 590 - index * 30;
    canvas.add(
      `<path d="M${600 - width - 10} ${y} q${(width + 10) / 4} 30 ${(width + 10) / 2} 0 q${(width + 10) / 4} 30 ${(width + 10) / 2} 0 q${(width + 10) / 4} 30 ${(width + 10) / 2} 0 q${(width + 10) / 4} 30 ${(width + 10) / 2} 0 L${600 + width} ${y + 24} L${600 - width} ${y + 24} Z" fill="${colour}"/>`,
    );
  });
  const lidY = 560 - fillings.length * 30;
  canvas.add(
    `<path d="M${600 - width} ${lidY + 20} Q600 ${lidY - 190} ${600 + width} ${lidY + 20} Z" fill="${crust}"/>`,
  );
  if (form === "croissant") {
    canvas.add(
      `<path d="M${600 - width * 0.5} ${lidY - 20} q10 -60 0 -90 M600 ${lidY - 60} q10 -60 0 -70 M${600 + width * 0.5} ${lidY - 20} q10 -60 0 -90" stroke="${shade(bread, -0.3)}" stroke-width="8" fill="none"/>`,
    );
  }
  return canvas.toString();
}

/** Flat savoury bakes from above at an angle: Flammkuchen, quiche, the Leberkäse slice. */
export function flatBake({
  seed,
  base,
  cover,
  dots,
  form,
}: {
  seed: string;
  base: string;
  cover: string;
  dots: string[];
  form: "rectangle" | "round" | "wedge";
}) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.board(600, 640, 470, 150);
  if (form === "rectangle") {
    canvas.add(
      `<path d="M250 700 L330 440 L950 440 L1010 700 Z" fill="${base}"/>`,
      `<path d="M290 680 L355 460 L925 460 L975 680 Z" fill="${cover}"/>`,
    );
  } else if (form === "round") {
    canvas.add(
      `<ellipse cx="600" cy="600" rx="360" ry="150" fill="${base}"/>`,
      `<ellipse cx="600" cy="590" rx="320" ry="125" fill="${cover}"/>`,
    );
  } else {
    canvas.add(
      `<path d="M330 690 L600 420 L870 690 Z" fill="${cover}" stroke="${base}" stroke-width="30" stroke-linejoin="round"/>`,
      `<path d="M330 690 L870 690 L870 740 L330 740 Z" fill="${shade(base, -0.1)}"/>`,
    );
  }
  for (const colour of dots) {
    canvas.add(
      scatter(random, {
        cx: 610,
        cy: 590,
        rx: form === "wedge" ? 150 : 280,
        ry: form === "wedge" ? 60 : 90,
        count: 16,
        colour,
        size: 18,
      }),
    );
  }
  return canvas.toString();
}

/** A pair of sausages with mustard on a plate. */
export function sausages() {
  const canvas = new Canvas().backdrop();
  canvas.plate(600, 640, 420, 140);
  const skin = canvas.gradient("#d98a5a", "#9c4a2a");
  canvas.add(
    `<path d="M330 600 Q600 520 870 600" stroke="${skin}" stroke-width="70" fill="none" stroke-linecap="round"/>`,
    `<path d="M330 680 Q600 600 870 680" stroke="${skin}" stroke-width="70" fill="none" stroke-linecap="round"/>`,
    `<path d="M360 590 Q600 520 840 590" stroke="#fff" stroke-width="8" fill="none" opacity="0.25"/>`,
    `<ellipse cx="880" cy="540" rx="60" ry="28" fill="#e3b531"/>`,
  );
  return canvas.toString();
}

export interface CupOptions {
  drink: string;
  foam?: string;
  form: "cup" | "espresso" | "glass" | "mug";
  /** Latte art on the foam. */
  heart?: boolean;
  layers?: string[];
}

/** Coffee and chocolate in cups and glasses, with steam. */
export function cup({ drink, foam, form, heart = false, layers }: CupOptions) {
  const picture = new Canvas().backdrop({
    wall: ["#f4e3cc", "#e6c79f"],
    table: ["#9c6a43", "#6e4428"],
  });
  const small = form === "espresso";
  picture.plate(600, 700, small ? 230 : 300, small ? 70 : 90);
  if (form === "glass") {
    const glass = picture.gradient("rgba(255,255,255,0.55)", "rgba(255,255,255,0.2)", { angle: 0 });
    const parts = layers ?? [drink];
    const top = 300;
    const bottom = 690;
    const band = (bottom - top - 40) / parts.length;
    parts.forEach((colour, index) => {
      picture.add(
        `<rect x="490" y="${top + 40 + index * band}" width="220" height="${band + 1}" fill="${colour}"/>`,
      );
    });
    picture.add(
      `<rect x="480" y="${top}" width="240" height="${bottom - top}" rx="18" fill="${glass}" stroke="#ffffff" stroke-width="8" opacity="0.9"/>`,
      `<rect x="500" y="${top + 30}" width="20" height="${bottom - top - 80}" rx="10" fill="#fff" opacity="0.5"/>`,
    );
    return picture.toString();
  }
  const rx = small ? 120 : form === "mug" ? 170 : 200;
  const topY = small ? 540 : 470;
  const height = small ? 140 : form === "mug" ? 230 : 200;
  const body = picture.gradient("#ffffff", "#dcd5cb", { angle: 0 });
  picture.add(
    `<path d="M${600 + rx - 10} ${topY + 40} q${small ? 80 : 120} 10 ${small ? 40 : 60} ${height * 0.6} q-20 20 -70 10" stroke="#e8e2d8" stroke-width="${small ? 22 : 30}" fill="none"/>`,
    `<path d="M${600 - rx} ${topY} L${600 - rx * 0.8} ${topY + height} Q600 ${topY + height + 40} ${600 + rx * 0.8} ${topY + height} L${600 + rx} ${topY} Z" fill="${body}"/>`,
    `<ellipse cx="600" cy="${topY}" rx="${rx}" ry="${rx * 0.28}" fill="#f7f3ee"/>`,
    `<ellipse cx="600" cy="${topY + 4}" rx="${rx * 0.88}" ry="${rx * 0.22}" fill="${foam ?? drink}"/>`,
  );
  if (heart) {
    picture.add(
      `<path d="M600 ${topY + 20} c-60 -30 -60 -70 -20 -70 c12 0 20 10 20 18 c0 -8 8 -18 20 -18 c40 0 40 40 -20 70 z" fill="${drink}" transform="translate(0 12) scale(1 0.55) translate(0 ${topY * 0.82})"/>`,
    );
  }
  for (const x of [-50, 10, 70]) {
    picture.add(
      `<path d="M${600 + x} ${topY - 60} q-30 -50 0 -100 q30 -50 0 -100" stroke="#ffffff" stroke-width="12" fill="none" opacity="0.45" stroke-linecap="round"/>`,
    );
  }
  return picture.toString();
}

/** A bottle of milk or a carafe of water, or a bag of coffee beans. */
export function container({
  seed,
  form,
  colour,
  label,
}: {
  seed: string;
  form: "bottle" | "bag" | "jug";
  colour: string;
  label: string;
}) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  canvas.board(600, 710, 360, 100);
  if (form === "bag") {
    const paper = canvas.gradient(shade(colour, 0.2), shade(colour, -0.2), { angle: 0 });
    canvas.add(
      `<path d="M430 710 L450 260 L750 260 L770 710 Z" fill="${paper}"/>`,
      `<path d="M450 260 L470 220 L730 220 L750 260 Z" fill="${shade(colour, -0.3)}"/>`,
      `<rect x="500" y="400" width="200" height="150" rx="12" fill="${label}"/>`,
      `<ellipse cx="600" cy="475" rx="40" ry="56" fill="#5a3418"/><path d="M600 425 q-20 50 0 100" stroke="${label}" stroke-width="8" fill="none"/>`,
      scatter(random, { cx: 860, cy: 700, rx: 90, ry: 30, count: 8, colour: "#4a2a14", size: 16 }),
    );
  } else {
    const glass = canvas.gradient(shade(colour, 0.3), shade(colour, -0.1), { angle: 0 });
    canvas.add(
      `<path d="M500 710 L500 420 Q500 360 560 330 L560 230 L640 230 L640 330 Q700 360 700 420 L700 710 Z" fill="${glass}" stroke="#ffffff" stroke-width="6" opacity="0.95"/>`,
      `<rect x="552" y="210" width="96" height="36" rx="8" fill="${label}"/>`,
      `<rect x="510" y="500" width="180" height="110" rx="10" fill="${label}" opacity="0.9"/>`,
      `<rect x="520" y="380" width="18" height="300" rx="9" fill="#fff" opacity="0.45"/>`,
    );
  }
  return canvas.toString();
}

export interface PlateItem {
  kind:
    | "egg"
    | "bread"
    | "roll"
    | "croissant"
    | "butter"
    | "jam"
    | "honey"
    | "cheese"
    | "ham"
    | "fruit"
    | "bowl"
    | "scrambled"
    | "glass";
  x: number;
  y: number;
  colour?: string;
}

/** A breakfast table seen from the front: a plate or board with small things arranged on it. */
export function breakfast({
  seed,
  items,
  wide = true,
  scale = 1,
}: {
  seed: string;
  items: PlateItem[];
  wide?: boolean;
  /** Draws the items larger around the plate's centre (one small thing on a plate). */
  scale?: number;
}) {
  const random = randomFrom(seed);
  const canvas = new Canvas().backdrop();
  if (wide) canvas.board(600, 640, 520, 170, "#d9a66b");
  else canvas.plate(600, 640, 330 * Math.min(scale, 1.3), 110 * Math.min(scale, 1.3));
  if (scale !== 1)
    canvas.add(`<g transform="translate(600 620) scale(${scale}) translate(-600 -620)">`);
  for (const { kind, x, y, colour } of items) {
    switch (kind) {
      case "egg":
        canvas.add(
          `<ellipse cx="${x}" cy="${y}" rx="70" ry="40" fill="#ffffff"/>`,
          `<circle cx="${x}" cy="${y - 4}" r="24" fill="#f6b21b"/>`,
        );
        break;
      case "scrambled":
        canvas.add(
          scatter(random, {
            cx: x,
            cy: y,
            rx: 110,
            ry: 40,
            count: 40,
            colour: "#f7d45a",
            size: 18,
          }),
        );
        canvas.add(
          scatter(random, {
            cx: x,
            cy: y - 6,
            rx: 90,
            ry: 30,
            count: 20,
            colour: "#4f8a2c",
            size: 5,
          }),
        );
        break;
      case "bread":
        canvas.add(
          `<rect x="${x - 80}" y="${y - 60}" width="160" height="110" rx="30" fill="#e9cf9d" stroke="${colour ?? "#8a5531"}" stroke-width="16"/>`,
        );
        break;
      case "roll":
        canvas.add(
          `<ellipse cx="${x}" cy="${y}" rx="80" ry="52" fill="${colour ?? "#d9953f"}"/>`,
          `<path d="M${x - 45} ${y - 4} q45 -16 90 0" stroke="${shade(colour ?? "#d9953f", 0.45)}" stroke-width="9" fill="none"/>`,
        );
        break;
      case "croissant":
        canvas.add(
          `<path d="M${x - 90} ${y + 10} Q${x} ${y - 90} ${x + 90} ${y + 10} Q${x} ${y - 30} ${x - 90} ${y + 10} Z" fill="#d9953f" stroke="#a8682a" stroke-width="6"/>`,
        );
        break;
      case "butter":
        canvas.add(
          `<rect x="${x - 50}" y="${y - 30}" width="100" height="50" rx="8" fill="#f8e27a"/>`,
          `<rect x="${x - 50}" y="${y - 30}" width="100" height="14" rx="6" fill="#fff2a8"/>`,
        );
        break;
      case "jam":
      case "honey":
        canvas.add(
          `<path d="M${x - 55} ${y - 40} L${x - 45} ${y + 40} L${x + 45} ${y + 40} L${x + 55} ${y - 40} Z" fill="#ffffff" stroke="#e0d8cc" stroke-width="6"/>`,
          `<ellipse cx="${x}" cy="${y - 36}" rx="48" ry="14" fill="${kind === "jam" ? "#b81d36" : "#e6a21f"}"/>`,
        );
        break;
      case "cheese":
        canvas.add(
          `<path d="M${x - 80} ${y + 30} L${x + 70} ${y + 30} L${x + 70} ${y - 20} L${x - 80} ${y - 50} Z" fill="#f2c14e"/>`,
          `<circle cx="${x - 20}" cy="${y}" r="10" fill="#d9a52f"/><circle cx="${x + 30}" cy="${y + 10}" r="7" fill="#d9a52f"/>`,
        );
        break;
      case "ham":
        canvas.add(
          `<ellipse cx="${x}" cy="${y}" rx="80" ry="40" fill="#e58a8a" stroke="#f7d2c8" stroke-width="10"/>`,
          `<ellipse cx="${x + 30}" cy="${y - 18}" rx="70" ry="34" fill="#d86f6f" stroke="#f7d2c8" stroke-width="8"/>`,
        );
        break;
      case "fruit":
        for (const [dx, dy, fill] of [
          [-30, 0, "#f28c28"],
          [20, -20, "#d93a4a"],
          [40, 15, "#7fb24a"],
          [-5, 25, "#f6d44a"],
          [-45, -25, "#5b3d8a"],
        ] as const) {
          canvas.add(`<circle cx="${x + dx}" cy="${y + dy}" r="22" fill="${fill}"/>`);
        }
        break;
      case "bowl":
        canvas.add(
          `<path d="M${x - 120} ${y - 20} Q${x} ${y + 150} ${x + 120} ${y - 20} Z" fill="#f4efe8" stroke="#d8cfc2" stroke-width="6"/>`,
          `<ellipse cx="${x}" cy="${y - 20}" rx="120" ry="30" fill="${colour ?? "#efe0c2"}"/>`,
          scatter(random, {
            cx: x,
            cy: y - 22,
            rx: 95,
            ry: 20,
            count: 14,
            colour: "#d93a4a",
            size: 9,
          }),
          scatter(random, {
            cx: x,
            cy: y - 22,
            rx: 95,
            ry: 20,
            count: 14,
            colour: "#b88a4e",
            size: 8,
          }),
        );
        break;
      case "glass":
        canvas.add(
          `<rect x="${x - 40}" y="${y - 120}" width="80" height="150" rx="10" fill="${colour ?? "#f5a623"}" stroke="#ffffff" stroke-width="6" opacity="0.9"/>`,
        );
        break;
    }
  }
  if (scale !== 1) canvas.add("</g>");
  return canvas.toString();
}

/** A small dish with one thing in it: the breakfast add-ons. */
export function dish({ seed, item }: { seed: string; item: PlateItem["kind"] }) {
  return breakfast({ seed, items: [{ kind: item, x: 600, y: 600 }], wide: false, scale: 2.2 });
}
