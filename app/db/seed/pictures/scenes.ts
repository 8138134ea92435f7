import { Canvas, randomFrom, scatter, shade } from "./drawing";
import { loaf } from "./subjects";

/** Shop fronts for the branches and the landing page's scenes (decision 042). */

export interface ShopFrontOptions {
  seed: string;
  wall: string;
  awning: string;
  /** Stripes on the awning in this colour. */
  stripe: string;
  door: string;
  /** A café's table and chairs outside. */
  terrace?: boolean;
  /** Time of day: the sky. */
  sky?: [string, string];
}

/** A bakery's shop front with an awning, a shop window full of bread and a door. */
export function shopFront({
  seed,
  wall,
  awning,
  stripe,
  door,
  terrace = false,
  sky = ["#9fd0f0", "#e8f4fb"],
}: ShopFrontOptions) {
  const random = randomFrom(seed);
  const canvas = new Canvas();
  const skyFill = canvas.gradient(sky[0], sky[1]);
  const wallFill = canvas.gradient(shade(wall, 0.15), shade(wall, -0.1));
  canvas.add(
    `<rect width="1200" height="900" fill="${skyFill}"/>`,
    `<rect x="100" y="120" width="1000" height="680" fill="${wallFill}"/>`,
    // Upper-floor windows.
    ...[220, 520, 820].map(
      (x) =>
        `<rect x="${x}" y="170" width="160" height="130" rx="8" fill="#cfe6f2" stroke="${shade(wall, -0.35)}" stroke-width="12"/><path d="M${x + 80} 170 v130" stroke="${shade(wall, -0.35)}" stroke-width="8"/>`,
    ),
    // The sign band (no words: the name is in the page around the picture).
    `<rect x="180" y="340" width="840" height="70" rx="10" fill="${shade(awning, -0.35)}"/>`,
    `<circle cx="600" cy="375" r="24" fill="#f6c042"/>`,
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((ray) => {
      const angle = (ray * Math.PI) / 4;
      return `<path d="M${600 + Math.cos(angle) * 30} ${375 + Math.sin(angle) * 30} L${600 + Math.cos(angle) * 44} ${375 + Math.sin(angle) * 44}" stroke="#f6c042" stroke-width="6" stroke-linecap="round"/>`;
    }),
  );
  // Awning: scalloped stripes.
  const stripes: string[] = [];
  for (let index = 0; index < 12; index += 1) {
    const x = 140 + index * 76.6;
    stripes.push(
      `<path d="M${x} 420 L${x + 76.6} 420 L${x + 76.6} 500 q-38.3 34 -76.6 0 Z" fill="${index % 2 === 0 ? awning : stripe}"/>`,
    );
  }
  canvas.add(
    ...stripes,
    `<rect x="130" y="412" width="940" height="16" rx="6" fill="${shade(awning, -0.25)}"/>`,
  );
  // Shop window with bread on shelves.
  canvas.add(
    `<rect x="170" y="540" width="520" height="260" fill="#f9e9c8" stroke="${shade(wall, -0.4)}" stroke-width="14"/>`,
    `<path d="M180 630 h500 M180 720 h500" stroke="#b98a55" stroke-width="10"/>`,
  );
  for (let shelf = 0; shelf < 2; shelf += 1) {
    for (let index = 0; index < 6; index += 1) {
      const x = 225 + index * 82;
      const y = 600 + shelf * 90;
      const crust =
        ["#b7793f", "#8a5026", "#d39a55", "#7a3e12"][Math.floor(random() * 4)] ?? "#b7793f";
      canvas.add(`<ellipse cx="${x}" cy="${y}" rx="34" ry="24" fill="${crust}"/>`);
    }
  }
  canvas.add(
    `<rect x="760" y="530" width="200" height="270" rx="8" fill="${door}"/>`,
    `<rect x="785" y="555" width="150" height="120" rx="6" fill="#cfe6f2" opacity="0.9"/>`,
    `<circle cx="930" cy="690" r="10" fill="#f3d27a"/>`,
    `<rect x="0" y="800" width="1200" height="100" fill="#b9b2a7"/>`,
    `<path d="M0 830 h1200" stroke="#a49d92" stroke-width="4"/>`,
  );
  if (terrace) {
    canvas.add(
      `<rect x="990" y="700" width="150" height="16" rx="6" fill="#5b4636"/>`,
      `<rect x="1058" y="716" width="14" height="110" fill="#5b4636"/>`,
      `<path d="M990 760 v70 M1140 760 v70 M980 760 h30 M1120 760 h30" stroke="#5b4636" stroke-width="10"/>`,
      `<rect x="1030" y="670" width="40" height="30" rx="6" fill="#ffffff"/>`,
    );
  }
  // Flower boxes.
  canvas.add(
    `<rect x="200" y="300" width="140" height="26" fill="${shade(door, 0.1)}"/>`,
    scatter(random, { cx: 270, cy: 296, rx: 64, ry: 14, count: 14, colour: "#e0475b", size: 10 }),
    `<rect x="800" y="300" width="140" height="26" fill="${shade(door, 0.1)}"/>`,
    scatter(random, { cx: 870, cy: 296, rx: 64, ry: 14, count: 14, colour: "#f2c14e", size: 10 }),
  );
  return canvas.toString();
}

/** The bakehouse's oven with loaves on the peel: the gallery's first picture. */
export function oven() {
  const canvas = new Canvas();
  const brick = canvas.gradient("#8c3f25", "#5e2816");
  const glow = canvas.gradient("#ffd27a", "#e0641f", { radial: true });
  canvas.add(
    `<rect width="1200" height="900" fill="${brick}"/>`,
    ...Array.from({ length: 9 }, (_, rowIndex) =>
      Array.from({ length: 8 }, (_, column) => {
        const x = column * 160 + (rowIndex % 2) * 80 - 40;
        return `<rect x="${x}" y="${rowIndex * 100}" width="150" height="90" rx="6" fill="#7a3520" opacity="0.55"/>`;
      }).join(""),
    ),
    `<path d="M260 640 L260 420 Q600 180 940 420 L940 640 Z" fill="#2a140b"/>`,
    `<path d="M300 640 L300 440 Q600 230 900 440 L900 640 Z" fill="${glow}"/>`,
    `<rect x="200" y="640" width="800" height="60" fill="#3b1c0f"/>`,
  );
  for (const x of [420, 600, 780]) {
    canvas.add(
      `<ellipse cx="${x}" cy="600" rx="80" ry="46" fill="#9a5a26"/><path d="M${x - 40} 590 q40 -20 80 0" stroke="#d9a060" stroke-width="9" fill="none"/>`,
    );
  }
  canvas.add(
    `<rect x="520" y="700" width="560" height="40" rx="12" fill="#c9a06a" transform="rotate(-8 800 720)"/>`,
    `<ellipse cx="520" cy="760" rx="150" ry="60" fill="#d8b07a" transform="rotate(-8 520 760)"/>`,
    `<ellipse cx="520" cy="740" rx="90" ry="44" fill="#a8682a"/>`,
  );
  return canvas.toString();
}

/** Pretzels on a baking tray: the gallery's second picture. */
export function pretzelTray() {
  const canvas = new Canvas().backdrop();
  const tray = canvas.gradient("#cfd3d6", "#8d9397");
  canvas.add(
    `<path d="M120 820 L220 420 L980 420 L1080 820 Z" fill="${tray}" stroke="#6f7478" stroke-width="10"/>`,
  );
  for (const [x, y, s] of [
    [380, 520, 0.45],
    [600, 520, 0.45],
    [820, 520, 0.45],
    [330, 680, 0.55],
    [600, 680, 0.55],
    [870, 680, 0.55],
  ] as const) {
    canvas.add(
      `<g transform="translate(${x} ${y}) scale(${s}) translate(-600 -500)"><path d="M600 640 C 380 640, 280 420, 420 360 C 540 310, 640 520, 560 600 M600 640 C 820 640, 920 420, 780 360 C 660 310, 560 520, 640 600 M470 610 L730 480 M730 610 L470 480" stroke="#7a3e12" stroke-width="70" fill="none" stroke-linecap="round"/></g>`,
    );
  }
  canvas.add(
    scatter(randomFrom("tray"), {
      cx: 600,
      cy: 600,
      rx: 380,
      ry: 150,
      count: 120,
      colour: "#ffffff",
      size: 6,
    }),
  );
  return canvas.toString();
}

/** The counter with bread on shelves behind it: the welcome picture. */
export function counter() {
  const canvas = new Canvas();
  const wall = canvas.gradient("#f6e6cc", "#e9cfa4");
  canvas.add(`<rect width="1200" height="900" fill="${wall}"/>`);
  for (const y of [230, 400]) {
    canvas.add(`<rect x="80" y="${y}" width="1040" height="20" fill="#8a5531"/>`);
    for (let index = 0; index < 9; index += 1) {
      const crust = ["#b7793f", "#8a5026", "#d39a55"][index % 3] ?? "#b7793f";
      canvas.add(
        `<ellipse cx="${150 + index * 112}" cy="${y - 40}" rx="48" ry="38" fill="${crust}"/>`,
      );
    }
  }
  const front = canvas.gradient("#a8693d", "#6e4428");
  canvas.add(
    `<rect x="0" y="520" width="1200" height="380" fill="${front}"/>`,
    `<rect x="60" y="470" width="1080" height="60" rx="8" fill="#e7ddd0"/>`,
    `<rect x="120" y="560" width="960" height="200" rx="12" fill="#fbf3e6" opacity="0.85"/>`,
  );
  for (let index = 0; index < 6; index += 1) {
    const x = 200 + index * 160;
    canvas.add(
      `<ellipse cx="${x}" cy="700" rx="60" ry="36" fill="${index % 2 === 0 ? "#d9953f" : "#c8485a"}"/>`,
      `<ellipse cx="${x}" cy="690" rx="40" ry="18" fill="${index % 2 === 0 ? "#f2c879" : "#f3b3bd"}"/>`,
    );
  }
  return canvas.toString();
}

/** A field of wheat under the sun: the "about us" picture. */
export function wheatField() {
  const canvas = new Canvas();
  const sky = canvas.gradient("#8fc4ea", "#fbe7c0");
  const field = canvas.gradient("#e8b74f", "#b8812c");
  canvas.add(
    `<rect width="1200" height="900" fill="${sky}"/>`,
    `<circle cx="900" cy="220" r="110" fill="#fbd35a"/>`,
    `<path d="M0 520 Q300 440 600 500 T1200 480 L1200 900 L0 900 Z" fill="#7fa35a"/>`,
    `<path d="M0 600 Q300 540 600 590 T1200 570 L1200 900 L0 900 Z" fill="${field}"/>`,
  );
  const random = randomFrom("wheat");
  for (let index = 0; index < 46; index += 1) {
    const x = (index * 1200) / 46 + random() * 20;
    const y = 640 + random() * 160;
    canvas.add(
      `<path d="M${x} ${y + 120} Q${x + 6} ${y + 40} ${x + 12} ${y}" stroke="#c98d2d" stroke-width="5" fill="none"/>`,
      ...[0, 1, 2, 3].map(
        (grain) =>
          `<ellipse cx="${x + 12 + (grain % 2 === 0 ? -7 : 7)}" cy="${y + grain * 16}" rx="6" ry="12" fill="#f0c257" transform="rotate(${grain % 2 === 0 ? -25 : 25} ${x + 12} ${y + grain * 16})"/>`,
      ),
    );
  }
  return canvas.toString();
}

/** A loaf and some rolls: used where a scene needs a simple still life. */
export function breadStillLife(seed: string) {
  return loaf({ seed, crust: "#a8652e", shape: "round", scores: "cross", topping: "flour" });
}
