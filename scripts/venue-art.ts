/**
 * `npm run venue-art`: draws the venues' pictures (and Home's) as SVG into `src/assets/venues/`. The
 * machine that builds the app has no internet and the club has no licensed photographs yet, so the app
 * ships these: flat, illustrative compositions in the club's palette (styles.css), one per venue, that
 * scale to any screen at a few kilobytes. Deterministic: the same script writes the same files, and a
 * test fails when the committed files are not what it writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Every picture is 3:2, drawn on this canvas. */
export const ART_WIDTH = 1200;
export const ART_HEIGHT = 800;

const PALETTE = {
  ink: '#1d1a16',
  paper: '#faf7f2',
  brass: '#8a6a2f',
  brassLight: '#c9a45c',
  line: '#e4ddd2',
};

/** A small, seeded random source, so the pictures never change between runs. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

function svg(body: string, defs: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" width="${ART_WIDTH}" height="${ART_HEIGHT}">` +
    `<defs>${defs}</defs>${body}</svg>\n`
  );
}

const linear = (id: string, stops: [number, string][], [x1, y1, x2, y2] = [0, 0, 0, 1]) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([at, color]) => `<stop offset="${at}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

const radial = (id: string, stops: [number, string, number?][]) =>
  `<radialGradient id="${id}">${stops
    .map(([at, color, opacity = 1]) => `<stop offset="${at}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('')}</radialGradient>`;

/** An arched window: a rectangle with a half-circle top, as one path. */
function arch(x: number, y: number, width: number, height: number): string {
  const r = width / 2;
  return `M${x} ${y + height}V${y + r}A${r} ${r} 0 0 1 ${x + width} ${y + r}V${y + height}Z`;
}

/** Le Clos: the walled-garden brasserie in morning light, arched windows onto greenery, a bistro table. */
function leclos(): string {
  const random = seeded(11);
  const leaves = Array.from({ length: 38 }, () => {
    const x = round(80 + random() * 1040);
    const y = round(250 + random() * 260);
    const r = round(26 + random() * 46);
    const shade = ['#6f8560', '#7d8f69', '#8fa27a', '#5d7350'][Math.floor(random() * 4)];
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${shade}" opacity="0.9"/>`;
  }).join('');
  const windows = [150, 480, 810].map((x) => arch(x, 150, 240, 470));
  return svg(
    `<rect width="1200" height="800" fill="url(#wall)"/>` +
      `<clipPath id="panes"><path d="${windows.join('')}"/></clipPath>` +
      `<g clip-path="url(#panes)"><rect width="1200" height="800" fill="url(#sky)"/><circle cx="760" cy="250" r="150" fill="url(#sun)"/>${leaves}</g>` +
      windows.map((d) => `<path d="${d}" fill="none" stroke="${PALETTE.brass}" stroke-width="10"/>`).join('') +
      [150, 480, 810]
        .map((x) => `<path d="M${x + 120} 150V620M${x} 400H${x + 240}" stroke="${PALETTE.brass}" stroke-width="6"/>`)
        .join('') +
      `<rect y="620" width="1200" height="180" fill="url(#floor)"/>` +
      `<ellipse cx="600" cy="660" rx="190" ry="26" fill="${PALETTE.paper}" stroke="${PALETTE.brass}" stroke-width="4"/>` +
      `<path d="M600 686V780M540 780H660" stroke="${PALETTE.ink}" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M560 650h24v-34h-24z" fill="#fff" stroke="${PALETTE.brass}" stroke-width="3"/>` +
      `<path d="M632 652c0-28 30-28 30 0" fill="#d9c7a2" stroke="${PALETTE.brass}" stroke-width="3"/>`,
    linear('wall', [[0, '#efe6d6'], [1, '#e2d5bd']]) +
      linear('sky', [[0, '#f7eddc'], [1, '#e9dcc0']]) +
      linear('floor', [[0, '#c9b48e'], [1, '#a88f66']]) +
      radial('sun', [[0, '#fff6dc', 1], [1, '#fff6dc', 0]]),
  );
}

/** Bâtard: French contemporary, a plate seen from above on a dark table, a composed course, cutlery. */
function batard(): string {
  const random = seeded(22);
  const dots = Array.from({ length: 9 }, (_, i) => {
    const angle = (i / 9) * Math.PI * 2 + random() * 0.3;
    const r = 120 + random() * 30;
    return `<circle cx="${round(600 + Math.cos(angle) * r)}" cy="${round(400 + Math.sin(angle) * r * 0.98)}" r="${round(7 + random() * 9)}" fill="${i % 3 === 0 ? '#7d8f69' : i % 3 === 1 ? PALETTE.brassLight : '#b8523a'}"/>`;
  }).join('');
  return svg(
    `<rect width="1200" height="800" fill="url(#table)"/>` +
      `<circle cx="600" cy="400" r="300" fill="#0f1620" opacity="0.35"/>` +
      `<circle cx="600" cy="400" r="280" fill="url(#plate)"/>` +
      `<circle cx="600" cy="400" r="200" fill="none" stroke="${PALETTE.line}" stroke-width="3"/>` +
      `<path d="M520 420c40-90 140-110 170-40 22 52-40 96-100 84-40-8-80-10-70-44z" fill="#e7d3b0"/>` +
      `<path d="M548 430c60-10 100-40 120-80" fill="none" stroke="#7d8f69" stroke-width="10" stroke-linecap="round"/>` +
      `<ellipse cx="610" cy="392" rx="46" ry="30" fill="#d4886a"/>` +
      dots +
      `<path d="M220 170V630" stroke="${PALETTE.brassLight}" stroke-width="14" stroke-linecap="round"/>` +
      `<path d="M190 170v120c0 30 60 30 60 0V170M220 170v110" fill="none" stroke="${PALETTE.brassLight}" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M980 170c40 40 40 180 0 220V630" fill="none" stroke="${PALETTE.brassLight}" stroke-width="14" stroke-linecap="round"/>` +
      `<circle cx="1010" cy="120" r="38" fill="none" stroke="#3b4a5e" stroke-width="6"/>`,
    linear('table', [[0, '#1f2a3a'], [1, '#141c27']], [0, 0, 1, 1]) +
      radial('plate', [[0, '#ffffff'], [0.8, '#f4f0e8'], [1, '#ddd5c6']]),
  );
}

/** Hop Sze: a red lacquer wall, a moon gate onto a jade courtyard, lattice screens and a lantern. */
function hopsze(): string {
  const lattice: string[] = [];
  for (const x0 of [40, 960]) {
    for (let x = x0; x <= x0 + 200; x += 50) lattice.push(`M${x} 120V700`);
    for (let y = 120; y <= 700; y += 50) lattice.push(`M${x0} ${y}H${x0 + 200}`);
  }
  const random = seeded(33);
  const bamboo = Array.from({ length: 7 }, (_, i) => {
    const x = 470 + i * 42 + random() * 10;
    return `<path d="M${round(x)} 700V${round(230 + random() * 80)}" stroke="#4f7a5e" stroke-width="${round(8 + random() * 6)}" stroke-linecap="round"/>`;
  }).join('');
  return svg(
    `<rect width="1200" height="800" fill="url(#lacquer)"/>` +
      `<path d="${lattice.join('')}" stroke="#5a1a12" stroke-width="8" opacity="0.7"/>` +
      `<circle cx="600" cy="420" r="270" fill="#4a140e"/>` +
      `<clipPath id="gate"><circle cx="600" cy="420" r="250"/></clipPath>` +
      `<g clip-path="url(#gate)"><rect y="150" width="1200" height="560" fill="url(#courtyard)"/>${bamboo}<rect y="640" width="1200" height="60" fill="#c9b48e"/></g>` +
      `<circle cx="600" cy="420" r="250" fill="none" stroke="${PALETTE.brassLight}" stroke-width="8"/>` +
      `<rect y="700" width="1200" height="100" fill="#3a0f0a"/>` +
      `<path d="M870 60V120" stroke="${PALETTE.brassLight}" stroke-width="4"/>` +
      `<ellipse cx="870" cy="170" rx="46" ry="56" fill="#c0392b"/>` +
      `<path d="M846 120h48M846 222h48" stroke="${PALETTE.brassLight}" stroke-width="8" stroke-linecap="round"/>` +
      `<ellipse cx="870" cy="170" rx="20" ry="56" fill="none" stroke="#e6a13a" stroke-width="3" opacity="0.8"/>`,
    linear('lacquer', [[0, '#8c2a1f'], [1, '#6e1f16']]) + linear('courtyard', [[0, '#d8e3d2'], [1, '#2f5d50']]),
  );
}

/** Obe: a whisky bar after dark, backlit shelves of bottles in amber, a tumbler on the walnut counter. */
function obe(): string {
  const random = seeded(44);
  const bottles: string[] = [];
  for (const [shelfY, count] of [
    [300, 13],
    [520, 12],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const x = 70 + i * (1060 / count) + random() * 12;
      const h = 110 + random() * 70;
      const w = 40 + random() * 14;
      const color = ['#b5762a', '#d39a3c', '#8a4f1c', '#c98b3a', '#6e3f16'][Math.floor(random() * 5)];
      bottles.push(
        `<rect x="${round(x)}" y="${round(shelfY - h)}" width="${round(w)}" height="${round(h)}" rx="8" fill="${color}" opacity="0.92"/>` +
          `<rect x="${round(x + w / 2 - 7)}" y="${round(shelfY - h - 40)}" width="14" height="44" rx="4" fill="${color}"/>`,
      );
    }
  }
  return svg(
    `<rect width="1200" height="800" fill="url(#walnut)"/>` +
      `<rect x="40" y="60" width="1120" height="500" rx="12" fill="url(#glow)"/>` +
      bottles.join('') +
      `<path d="M40 300H1160M40 520H1160" stroke="${PALETTE.brassLight}" stroke-width="8"/>` +
      `<rect y="600" width="1200" height="200" fill="url(#counter)"/>` +
      `<path d="M0 600H1200" stroke="${PALETTE.brassLight}" stroke-width="6"/>` +
      `<path d="M520 520l14 180h132l14-180z" fill="#f6efe2" opacity="0.35" stroke="#f6efe2" stroke-width="4"/>` +
      `<path d="M527 610l7 90h132l7-90z" fill="#c07a26" opacity="0.9"/>` +
      `<rect x="566" y="575" width="62" height="58" rx="8" fill="#fff" opacity="0.55" transform="rotate(12 597 604)"/>`,
    linear('walnut', [[0, '#2a1a10'], [1, '#3b2616']]) +
      linear('counter', [[0, '#4a2e1a'], [1, '#24160d']]) +
      radial('glow', [[0, '#f2c677', 0.55], [1, '#3b2616', 0]]),
  );
}

/** Home: Aldrich House at dusk, four floors lit, one for each venue, the club's brass plate at the door. */
function home(): string {
  const floors = [
    { y: 560, light: '#f3d9a0' },
    { y: 420, light: '#e9c3a6' },
    { y: 280, light: '#f0b77a' },
    { y: 140, light: '#e6a13a' },
  ];
  const windows = floors
    .map(({ y, light }) =>
      [300, 420, 540, 660, 780]
        .map((x) => `<path d="${arch(x, y, 90, 100)}" fill="${light}" stroke="${PALETTE.brass}" stroke-width="4"/>`)
        .join(''),
    )
    .join('');
  return svg(
    `<rect width="1200" height="800" fill="url(#dusk)"/>` +
      `<circle cx="1010" cy="150" r="46" fill="#f6efe2" opacity="0.85"/>` +
      `<rect x="250" y="100" width="700" height="700" fill="url(#stone)"/>` +
      `<path d="M230 100H970M250 250H950M250 390H950M250 530H950" stroke="#6b5a45" stroke-width="6"/>` +
      windows +
      `<path d="${arch(540, 680, 120, 120)}" fill="#2a2621" stroke="${PALETTE.brassLight}" stroke-width="6"/>` +
      `<rect x="460" y="700" width="56" height="34" rx="4" fill="${PALETTE.brassLight}"/>` +
      `<rect y="790" width="1200" height="10" fill="#1d1a16"/>`,
    linear('dusk', [[0, '#2b2d42'], [0.7, '#6d4c5b'], [1, '#c98b6b']]) + linear('stone', [[0, '#d9cdb8'], [1, '#bfae93']]),
  );
}

/** The pictures by file name (a venue's domain, or 'home'). */
export const ARTWORKS: Record<string, () => string> = { leclos, batard, hopsze, obe, home };

export const ART_DIR = 'src/assets/venues';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(ART_DIR, { recursive: true });
  for (const [name, draw] of Object.entries(ARTWORKS)) {
    const file = `${ART_DIR}/${name}.svg`;
    writeFileSync(file, draw());
    console.log(`${file}: ${draw().length} bytes`);
  }
}
