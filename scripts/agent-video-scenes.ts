// What moves in each agent's video (scripts/agent-videos.ts): SMIL animations
// added to the agent's poster (public/images/agents/<slug>-poster.svg), so the
// video is the poster come to life, in its colours and shapes. Every
// animation repeats a whole number of times in LOOP_SECONDS, so the last
// frame runs into the first without a jump, and what moves starts hidden or
// at rest, so the first frame is close to the poster the page shows before.
import type { AgentSlug } from "#app/content/agents.ts";

export const LOOP_SECONDS = 4;

type Point = readonly [number, number];

const loop = `dur="${LOOP_SECONDS}s" repeatCount="indefinite"`;

/** A fraction of the loop, for keyTimes. */
const at = (seconds: number) => (seconds / LOOP_SECONDS).toFixed(4);

/** The "<name> is …" pill's green dot sends out a ring every two seconds. */
const statusRing = `
  <circle cx="96" cy="628" r="8" fill="none" stroke="#22c55e" stroke-width="3" opacity="0">
    <animate attributeName="r" values="8;22" dur="2s" repeatCount="indefinite"/>
    <animate attributeName="opacity" values="0.8;0" dur="2s" repeatCount="indefinite"/>
  </circle>`;

/** The overlay goes under the status pill, so the pill stays on top. */
function withOverlay(svg: string, overlay: string) {
  const pill = svg.lastIndexOf("<g font-family=");
  const end = svg.lastIndexOf("</svg>");
  if (pill === -1 || end === -1) throw new Error("poster without its pill");
  return `${svg.slice(0, pill)}${overlay}\n  ${svg.slice(pill, end)}${statusRing}\n${svg.slice(end)}`;
}

/** A dot that travels a straight line once, between two moments of the loop. */
function pulse(from: Point, to: Point, start: number, end: number) {
  return `
  <circle r="6" fill="#a7f3d0" opacity="0">
    <animateMotion path="M${from[0]} ${from[1]}L${to[0]} ${to[1]}" keyPoints="0;0;1;1" keyTimes="0;${at(start)};${at(end)};1" calcMode="linear" ${loop}/>
    <animate attributeName="opacity" values="0;1;0" keyTimes="0;${at(start)};${at(end)}" calcMode="discrete" ${loop}/>
  </circle>`;
}

/** A node lights up when the pulses reach it. */
function halo([cx, cy]: Point, time: number) {
  const fade = Math.min(time + 0.6, LOOP_SECONDS);
  return `
  <circle cx="${cx}" cy="${cy}" r="24" fill="none" stroke="#6ee7b7" stroke-width="4" opacity="0">
    <animate attributeName="opacity" values="0;0;0.9;0;0" keyTimes="0;${at(time)};${at(time + 0.05)};${at(fade)};1" ${loop}/>
    <animate attributeName="r" values="24;24;24;36;36" keyTimes="0;${at(time)};${at(time + 0.05)};${at(fade)};1" ${loop}/>
  </circle>`;
}

function dataEngineer(svg: string) {
  const inputs = [
    "M380 220C520 220 520 360 640 360",
    "M380 360C520 360 520 360 640 360",
    "M380 500C520 500 520 360 640 360",
  ];
  // Records leave the three sources in turn, the transform step glows as
  // they arrive, and a batch goes on into the warehouse.
  const records = inputs
    .map(
      (path, index) => `
  <rect x="-7" y="-7" width="14" height="14" rx="4" fill="#e0f2fe" opacity="0">
    <animateMotion path="${path}" keyPoints="0;0;1;1" keyTimes="0;${at(index * 0.5)};${at(index * 0.5 + 1.4)};1" calcMode="linear" ${loop}/>
    <animate attributeName="opacity" values="0;1;0" keyTimes="0;${at(index * 0.5)};${at(index * 0.5 + 1.4)}" calcMode="discrete" ${loop}/>
  </rect>`,
    )
    .join("");
  const batch = `
  <rect x="-9" y="-9" width="18" height="18" rx="5" fill="#38bdf8" opacity="0">
    <animateMotion path="M840 360H960" keyPoints="0;0;1;1" keyTimes="0;${at(2.6)};${at(3.4)};1" calcMode="linear" ${loop}/>
    <animate attributeName="opacity" values="0;1;0" keyTimes="0;${at(2.6)};${at(3.4)}" calcMode="discrete" ${loop}/>
  </rect>
  <ellipse cx="1030" cy="290" rx="90" ry="26" fill="#38bdf8" opacity="0">
    <animate attributeName="opacity" values="0;0;0.7;0;0" keyTimes="0;${at(3.4)};${at(3.5)};${at(3.95)};1" ${loop}/>
  </ellipse>`;
  return withOverlay(
    svg
      .replaceAll(
        'stroke-dasharray="10 10"/>',
        `stroke-dasharray="10 10"><animate attributeName="stroke-dashoffset" values="20;0" dur="0.5s" repeatCount="indefinite"/></path>`,
      )
      .replace(
        'fill="#38bdf8" fill-opacity="0.85"/>',
        `fill="#38bdf8" fill-opacity="0.85"><animate attributeName="fill-opacity" values="0.85;0.85;1;0.85;0.85" keyTimes="0;${at(1.4)};${at(2)};${at(2.8)};1" ${loop}/></rect>`,
      ),
    records + batch,
  );
}

const CHART: Point[] = [
  [200, 500],
  [280, 460],
  [360, 480],
  [440, 420],
  [520, 440],
  [600, 380],
  [680, 400],
  [760, 340],
  [840, 350],
  [920, 300],
  [1000, 310],
  [1080, 290],
];

function dataAnalyst(svg: string) {
  // A cursor runs along the trend line point by point, then the KPI cards
  // light up one after another as if refreshed.
  const travel = 3.2;
  const keyTimes = [
    ...CHART.map((_, index) => at((travel * index) / (CHART.length - 1))),
    "1",
  ].join(";");
  const positions = [...CHART, CHART[CHART.length - 1]!]
    .map(([x, y]) => `${x} ${y}`)
    .join(";");
  const visible = `values="0;1;1;0;0" keyTimes="0;${at(0.2)};${at(travel - 0.2)};${at(travel)};1" ${loop}`;
  const cursor = `
  <g opacity="0">
    <animate attributeName="opacity" ${visible}/>
    <animateTransform attributeName="transform" type="translate" values="${CHART.map(([x]) => `${x} 0`).join(";")};${CHART[CHART.length - 1]![0]} 0" keyTimes="${keyTimes}" ${loop}/>
    <path d="M0 290V530" stroke="#fff" stroke-opacity="0.45" stroke-width="2" stroke-dasharray="6 6"/>
  </g>
  <g opacity="0">
    <animate attributeName="opacity" ${visible}/>
    <animateTransform attributeName="transform" type="translate" values="${positions}" keyTimes="${keyTimes}" ${loop}/>
    <circle r="16" fill="#fbbf24" fill-opacity="0.3"/>
    <circle r="8" fill="#fff" stroke="#fbbf24" stroke-width="4"/>
  </g>
  <circle cx="1080" cy="290" r="9" fill="none" stroke="#fbbf24" stroke-width="3" opacity="0">
    <animate attributeName="r" values="9;9;30;30" keyTimes="0;${at(travel)};${at(LOOP_SECONDS - 0.05)};1" ${loop}/>
    <animate attributeName="opacity" values="0;0;0.9;0;0" keyTimes="0;${at(travel - 0.01)};${at(travel)};${at(LOOP_SECONDS - 0.05)};1" ${loop}/>
  </circle>`;
  let card = 0;
  const cards = svg.replace(
    /(<rect x="\d+" y="160" width="260" height="110" rx="16" fill="#fff" fill-opacity="0.16")\/>/g,
    (_, open: string) => {
      const start = 0.6 + card++ * 0.9;
      return `${open}><animate attributeName="fill-opacity" values="0.16;0.16;0.3;0.16;0.16" keyTimes="0;${at(start)};${at(start + 0.3)};${at(start + 0.9)};1" ${loop}/></rect>`;
    },
  );
  return withOverlay(cards, cursor);
}

const INPUTS: Point[] = [
  [320, 220],
  [320, 350],
  [320, 480],
];
const HIDDEN_1: Point[] = [
  [540, 160],
  [540, 280],
  [540, 400],
  [540, 520],
];
const HIDDEN_2: Point[] = [
  [760, 220],
  [760, 350],
  [760, 480],
];
const OUTPUT: Point = [980, 350];

function mlEngineer(svg: string) {
  // A forward pass: pulses cross the network layer by layer, each layer's
  // nodes light up as they arrive, and the output sends the result on.
  const layers: [Point[], Point[], number][] = [
    [INPUTS, HIDDEN_1, 0.2],
    [HIDDEN_1, HIDDEN_2, 1.2],
    [HIDDEN_2, [OUTPUT], 2.2],
  ];
  const pulses = layers
    .flatMap(([from, to, start]) =>
      from.flatMap((a) => to.map((b) => pulse(a, b, start, start + 0.9))),
    )
    .join("");
  const halos = [
    ...INPUTS.map((node) => halo(node, 0.1)),
    ...HIDDEN_1.map((node) => halo(node, 1.1)),
    ...HIDDEN_2.map((node) => halo(node, 2.1)),
    halo(OUTPUT, 3.1),
  ].join("");
  const arrow = svg.replace(
    /(<path d="M1040 350h80l-18-18M1120 350l-18 18"[^>]*?)\/>/,
    (_, open: string) =>
      `${open}><animateTransform attributeName="transform" type="translate" values="0 0;0 0;14 0;0 0" keyTimes="0;${at(3.1)};${at(3.45)};1" ${loop}/></path>`,
  );
  return withOverlay(arrow, pulses + halos);
}

export const SCENES: Record<AgentSlug, (poster: string) => string> = {
  "data-engineer": dataEngineer,
  "data-analyst": dataAnalyst,
  "ml-engineer": mlEngineer,
};
