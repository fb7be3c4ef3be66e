import type { Element } from '@sapwood/contracts';
import { reportNumber } from '../../../platform/reports/report-number';

/**
 * The leaf report's chart, laid out once (issue 15: "charts are drawn once, on the server, by one module for
 * both previews and PDFs"): from a sample's values and the norms resolved for it to a list of shapes in
 * points, which `chart-svg.ts` turns into the preview image and `chart-pdf.ts` into the PDF page. Nothing here
 * draws; the layout is plain data, so tests check where a value was placed without looking at pixels.
 *
 * Each element gets a row: its label and unit, the value, the norm band and a mark saying where the value
 * falls — below the range, inside it or above it. The mark is a word as well as a colour and a shape
 * (▼ low, ● in range, ▲ high), so it survives black-and-white printing and text extraction.
 * - GraphOld: the value as a horizontal bar in percent of the norm's median, the band from min to max.
 * - GraphNew: a scale of five zones (deficient, low, optimum, high, excess) per element, with the value's marker
 *   placed in its zone; the optimum zone is the norm's min–max.
 * DRIS indices, when given, are a bar per element around zero (negative: most limiting), with the NBI.
 */
export type GraphType = 'GraphOld' | 'GraphNew';
export type Placement = 'below' | 'inside' | 'above' | 'unknown';

export interface ChartElementInput {
  element: Element;
  label: string;
  unit: string;
  value: number | null;
  min: number | null;
  med: number | null;
  max: number | null;
}

export interface ChartTexts {
  below: string;
  inside: string;
  above: string;
  noNorm: string;
  notAnalysed: string;
  dris: string;
  nbi: string;
  /** GraphNew's five zones, from deficient to excess */
  zones: [string, string, string, string, string];
}

export const ENGLISH_CHART_TEXTS: ChartTexts = {
  below: 'Low', inside: 'Optimum', above: 'High', noNorm: 'No norm', notAnalysed: 'Not analysed', dris: 'DRIS index', nbi: 'NBI',
  zones: ['Deficient', 'Low', 'Optimum', 'High', 'Excess'],
};

export interface LeafChartInput {
  graphType: GraphType;
  title: string;
  /** e.g. the cultivar's name, when the report asks for cultivar labels */
  subtitle?: string;
  elements: ChartElementInput[];
  dris?: { indices: { element: Element; index: number }[]; nbi: number } | null;
  texts?: ChartTexts;
  width?: number;
}

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string; stroke?: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number; dash?: boolean }
  | { kind: 'text'; x: number; y: number; text: string; size: number; anchor: 'start' | 'middle' | 'end'; bold?: boolean; fill: string }
  | { kind: 'marker'; x: number; y: number; r: number; placement: Placement };

export interface ChartRow {
  element: Element;
  value: number | null;
  placement: Placement;
  /** GraphOld: the value in percent of the median; GraphNew: the value's position on the scale, 0–1 */
  position: number | null;
}

export interface LeafChart {
  width: number;
  height: number;
  shapes: Shape[];
  rows: ChartRow[];
}

export const PLACEMENT_COLOURS: Record<Placement, string> = { below: '#c0392b', inside: '#2f7d57', above: '#d68910', unknown: '#888888' };
const BAND = '#d5ecdd';
const GRID = '#e3e3e3';
const INK = '#222222';
const MUTED = '#666666';

/** Where a value falls against its norm; 'unknown' without a value or without both min and max. */
export function placementOf(value: number | null, min: number | null, max: number | null): Placement {
  if (value === null || !Number.isFinite(value)) return 'unknown';
  if (min === null || max === null) return 'unknown';
  if (value < min) return 'below';
  if (value > max) return 'above';
  return 'inside';
}

/** The word of a placement in the report's language (a value without a norm says so). */
export function placementWord(row: Pick<ChartRow, 'value' | 'placement'>, t: ChartTexts): string {
  if (row.value === null) return t.notAnalysed;
  return row.placement === 'unknown' ? t.noNorm : t[row.placement];
}

/**
 * A DRIS index or the NBI as the chart prints it: a computed index, not a measured value, so rounded to what a
 * reader compares (a measured value is printed by `reportNumber`, the rule of every report's values).
 */
export const formatIndex = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

const ROW_H = 18;
const TOP = 34;
const LABEL_W = 78;
const VALUE_W = 52;
const WORD_W = 84;

/** GraphOld: percent of the median, the axis running to 200 % (a value past it is drawn at the edge, its number still printed). */
const OLD_AXIS_MAX = 200;

/** GraphNew: the five zones' share of the scale, and where min and max sit on it. */
const NEW_ZONES = [0.15, 0.15, 0.4, 0.15, 0.15];
const NEW_MIN_AT = NEW_ZONES[0] + NEW_ZONES[1];
const NEW_MAX_AT = NEW_MIN_AT + NEW_ZONES[2];

/** The value's position on the GraphNew scale (0–1): linear inside the range, logarithmic-ish outside it, clamped. */
export function newScalePosition(value: number, min: number, max: number): number {
  if (value >= min && value <= max) return max === min ? (NEW_MIN_AT + NEW_MAX_AT) / 2 : NEW_MIN_AT + ((value - min) / (max - min)) * (NEW_MAX_AT - NEW_MIN_AT);
  if (value < min) {
    const share = min <= 0 ? 1 : Math.min(1, (min - value) / min);
    return Math.max(0.01, NEW_MIN_AT - share * NEW_MIN_AT);
  }
  const share = Math.min(1, (value - max) / Math.max(max, 1e-9));
  return Math.min(0.99, NEW_MAX_AT + share * (1 - NEW_MAX_AT));
}

export function layoutLeafChart(input: LeafChartInput): LeafChart {
  const t = input.texts ?? ENGLISH_CHART_TEXTS;
  const width = input.width ?? 520;
  const shapes: Shape[] = [];
  const rows: ChartRow[] = [];
  shapes.push({ kind: 'rect', x: 0, y: 0, w: width, h: 0, fill: '#ffffff' }); // the background; its height is set at the end
  shapes.push({ kind: 'text', x: 0, y: 14, text: input.title, size: 11, anchor: 'start', bold: true, fill: INK });
  if (input.subtitle) shapes.push({ kind: 'text', x: width, y: 14, text: input.subtitle, size: 9, anchor: 'end', fill: MUTED });

  const plotX = LABEL_W + VALUE_W;
  const plotW = width - plotX - WORD_W - 8;
  axis(shapes, input.graphType, plotX, plotW, TOP - 6, t);

  input.elements.forEach((e, i) => {
    const y = TOP + i * ROW_H;
    if (i % 2 === 1) shapes.push({ kind: 'rect', x: 0, y, w: width, h: ROW_H, fill: '#f7f7f7' });
    const placement = placementOf(e.value, e.min, e.max);
    shapes.push({ kind: 'text', x: 2, y: y + 12, text: e.unit ? `${e.label} (${e.unit})` : e.label, size: 8, anchor: 'start', bold: true, fill: INK });
    shapes.push({ kind: 'text', x: plotX - 6, y: y + 12, text: e.value === null ? '–' : reportNumber(e.value), size: 8, anchor: 'end', fill: INK });
    const position = input.graphType === 'GraphOld' ? oldRow(shapes, e, placement, plotX, plotW, y) : newRow(shapes, e, placement, plotX, plotW, y);
    const word = placementWord({ value: e.value, placement }, t);
    // the mark: its shape (▼ ● ▲) drawn as a marker, its word as text (PDF fonts lack the symbols)
    if (e.value !== null) shapes.push({ kind: 'marker', x: plotX + plotW + 12, y: y + ROW_H / 2, r: 3, placement });
    shapes.push({ kind: 'text', x: plotX + plotW + 19, y: y + 12, text: word, size: 8, anchor: 'start', bold: placement !== 'inside', fill: PLACEMENT_COLOURS[placement] });
    rows.push({ element: e.element, value: e.value, placement, position });
  });

  let height = TOP + input.elements.length * ROW_H + 8;
  if (input.dris && input.dris.indices.length > 0) height = drisBlock(shapes, input.dris, t, width, height + 10);
  (shapes[0] as Extract<Shape, { kind: 'rect' }>).h = height;
  return { width, height, shapes, rows };
}

function axis(shapes: Shape[], type: GraphType, x: number, w: number, y: number, t: ChartTexts) {
  if (type === 'GraphOld') {
    for (const pct of [0, 50, 100, 150, 200]) {
      const ax = x + (pct / OLD_AXIS_MAX) * w;
      shapes.push({ kind: 'text', x: ax, y, text: `${pct}%`, size: 7, anchor: 'middle', fill: MUTED });
    }
    return;
  }
  let at = 0;
  for (const [k, share] of NEW_ZONES.entries()) {
    const label = t.zones[k];
    shapes.push({ kind: 'text', x: x + (at + share / 2) * w, y, text: label, size: 7, anchor: 'middle', fill: MUTED });
    at += share;
  }
}

function oldRow(shapes: Shape[], e: ChartElementInput, placement: Placement, x: number, w: number, y: number): number | null {
  const xOf = (pct: number) => x + (Math.max(0, Math.min(OLD_AXIS_MAX, pct)) / OLD_AXIS_MAX) * w;
  shapes.push({ kind: 'line', x1: xOf(100), y1: y + 1, x2: xOf(100), y2: y + ROW_H - 1, stroke: GRID, width: 0.8, dash: true });
  if (e.med === null || e.med <= 0) {
    if (e.value !== null) shapes.push({ kind: 'marker', x: x + 4, y: y + ROW_H / 2, r: 3, placement });
    return null;
  }
  const med = e.med;
  if (e.min !== null && e.max !== null) {
    shapes.push({ kind: 'rect', x: xOf((e.min / med) * 100), y: y + 3, w: Math.max(1, xOf((e.max / med) * 100) - xOf((e.min / med) * 100)), h: ROW_H - 6, fill: BAND });
  }
  if (e.value === null) return null;
  const pct = (e.value / med) * 100;
  shapes.push({ kind: 'rect', x, y: y + 6, w: Math.max(1, xOf(pct) - x), h: ROW_H - 12, fill: PLACEMENT_COLOURS[placement] });
  shapes.push({ kind: 'marker', x: xOf(pct), y: y + ROW_H / 2, r: 3, placement });
  return pct;
}

function newRow(shapes: Shape[], e: ChartElementInput, placement: Placement, x: number, w: number, y: number): number | null {
  const fills = ['#f4d3cf', '#f9e7c9', BAND, '#f9e7c9', '#f4d3cf'];
  let at = 0;
  for (const [k, share] of NEW_ZONES.entries()) {
    shapes.push({ kind: 'rect', x: x + at * w, y: y + 4, w: share * w, h: ROW_H - 8, fill: fills[k] });
    at += share;
  }
  if (e.value === null || e.min === null || e.max === null) {
    if (e.value !== null) shapes.push({ kind: 'marker', x: x + 4, y: y + ROW_H / 2, r: 3, placement });
    return null;
  }
  const position = newScalePosition(e.value, e.min, e.max);
  shapes.push({ kind: 'marker', x: x + position * w, y: y + ROW_H / 2, r: 3.5, placement });
  return position;
}

function drisBlock(shapes: Shape[], dris: NonNullable<LeafChartInput['dris']>, t: ChartTexts, width: number, top: number): number {
  shapes.push({ kind: 'text', x: 0, y: top + 10, text: `${t.dris} · ${t.nbi} ${formatIndex(dris.nbi)}`, size: 10, anchor: 'start', bold: true, fill: INK });
  const mid = LABEL_W + VALUE_W + (width - LABEL_W - VALUE_W - WORD_W - 8) / 2;
  const half = (width - LABEL_W - VALUE_W - WORD_W - 8) / 2;
  const biggest = Math.max(1, ...dris.indices.map((d) => Math.abs(d.index)));
  dris.indices.forEach((d, i) => {
    const y = top + 18 + i * 14;
    shapes.push({ kind: 'text', x: 2, y: y + 10, text: d.element, size: 8, anchor: 'start', bold: true, fill: INK });
    shapes.push({ kind: 'text', x: LABEL_W + VALUE_W - 6, y: y + 10, text: formatIndex(d.index), size: 8, anchor: 'end', fill: INK });
    const len = (Math.abs(d.index) / biggest) * half;
    shapes.push({ kind: 'rect', x: d.index < 0 ? mid - len : mid, y: y + 3, w: Math.max(0.5, len), h: 8, fill: d.index < 0 ? PLACEMENT_COLOURS.below : PLACEMENT_COLOURS.above });
    shapes.push({ kind: 'line', x1: mid, y1: y, x2: mid, y2: y + 14, stroke: MUTED, width: 0.6 });
  });
  return top + 18 + dris.indices.length * 14 + 8;
}
