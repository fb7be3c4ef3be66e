import { ANALYTE_LABELS, type ChartRun, type ControlLot } from '@sapwood/contracts';
import type { ChartShape, ReportChart } from '../leaf-report';

/**
 * The Levey–Jennings chart of a control lot, laid out as the report chart module's shapes (drawn as PNG for the
 * screen and as vectors in the PDF): the assigned mean and the ±1, 2, 3 SD lines, each run's value in run order,
 * and each run that violated a Westgard rule marked (red square: rejected, orange: 1-2s warning) and named.
 */
export const LJ = { width: 720, height: 340, left: 78, right: 16, top: 34, bottom: 40 } as const;
const INK = '#222222';
const MUTED = '#666666';
const COLOURS = { pass: '#2f7d57', warning: '#d68910', reject: '#c0392b' } as const;
const LIMITS: { k: number; stroke: string; dash: boolean; width: number }[] = [
  { k: 3, stroke: '#c0392b', dash: false, width: 0.8 },
  { k: 2, stroke: '#d68910', dash: true, width: 0.8 },
  { k: 1, stroke: '#999999', dash: true, width: 0.5 },
];

const MAX_SPAN = 6;

/** a rule label's size (pt) and the room one takes: a bold character at most 0.72 of the size wide (DejaVu Sans Bold in the PNG, Helvetica-Bold in the PDF), a line 9 pt high */
const LABEL_SIZE = 7;
const LABEL_LINE = 9;
export const labelWidth = (text: string) => text.length * LABEL_SIZE * 0.72;

/**
 * Places the rule labels of the marked runs so that none overlaps another: a label stands just above its point (below
 * when the point is under the mean) and, where a label already placed is in the way, one line further out, as
 * many lines as it takes (neighbouring runs crowd on a long chart).
 */
class RuleLabels {
  private readonly placed: { left: number; right: number; top: number; bottom: number }[] = [];

  /** the baseline of `text` centred on `x` near the point at `y` */
  place(x: number, y: number, above: boolean, text: string): number {
    const half = labelWidth(text) / 2;
    for (let line = 0; ; line++) {
      const base = above ? y - 7 - line * LABEL_LINE : y + 13 + line * LABEL_LINE;
      const box = { left: x - half, right: x + half, top: base - LABEL_SIZE, bottom: base + 2 };
      if (!this.placed.some((b) => b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom)) {
        this.placed.push(box);
        return base;
      }
    }
  }
}

const fmt = (v: number) => (Math.round(v * 1000) / 1000).toString();

export function leveyJennings(lot: ControlLot, runs: ChartRun[]): ReportChart {
  const { width, height, left, right, top, bottom } = LJ;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  // the scale follows the runs up to 6 SD; a point beyond (a gross error) is drawn at the edge, its value in the table,
  // so that one far-out control does not squeeze the SD lines and their labels into one another
  const span = Math.min(MAX_SPAN, Math.max(4, Math.ceil(Math.max(0, ...runs.map((r) => Math.abs(r.z))) + 0.5)));
  const yOf = (z: number) => top + plotH / 2 - (Math.max(-span, Math.min(span, z)) / span) * (plotH / 2);
  const step = plotW / Math.max(1, runs.length);
  const xOf = (i: number) => left + step * i + step / 2;
  const shapes: ChartShape[] = [
    { kind: 'text', x: width / 2, y: 16, text: `${lot.name} · lot ${lot.lot} · ${ANALYTE_LABELS[lot.analyte]} (mean ${fmt(lot.mean)}, SD ${fmt(lot.sd)})`, size: 11, anchor: 'middle', bold: true, fill: INK },
    { kind: 'rect', x: left, y: top, w: plotW, h: plotH, fill: '#ffffff', stroke: '#bbbbbb' },
    { kind: 'line', x1: left, y1: yOf(0), x2: left + plotW, y2: yOf(0), stroke: INK, width: 1 },
    { kind: 'text', x: left - 4, y: yOf(0) + 3, text: `Mean ${fmt(lot.mean)}`, size: 8, anchor: 'end', fill: INK },
  ];
  for (const l of LIMITS) {
    for (const sign of [1, -1]) {
      const y = yOf(sign * l.k);
      shapes.push({ kind: 'line', x1: left, y1: y, x2: left + plotW, y2: y, stroke: l.stroke, width: l.width, dash: l.dash });
      shapes.push({ kind: 'text', x: left - 4, y: y + 3, text: `${sign > 0 ? '+' : '−'}${l.k} SD ${fmt(lot.mean + sign * l.k * lot.sd)}`, size: 7, anchor: 'end', fill: MUTED });
    }
  }
  let previous: { x: number; y: number } | null = null;
  runs.forEach((r, i) => {
    const x = xOf(i);
    const y = yOf(r.z);
    if (previous) shapes.push({ kind: 'line', x1: previous.x, y1: previous.y, x2: x, y2: y, stroke: '#7a8fa6', width: 0.6 });
    previous = { x, y };
  });
  const labels = new RuleLabels();
  runs.forEach((r, i) => {
    const x = xOf(i);
    const y = yOf(r.z);
    if (r.outcome === 'pass') shapes.push({ kind: 'marker', x, y, r: 2.6, placement: 'inside' });
    else {
      shapes.push({ kind: 'rect', x: x - 3.2, y: y - 3.2, w: 6.4, h: 6.4, fill: COLOURS[r.outcome], stroke: '#000000' });
      const text = r.violations.map((v) => v.rule).join(' ');
      shapes.push({
        kind: 'text', x, y: labels.place(x, y, r.z >= 0, text), text, size: LABEL_SIZE, anchor: 'middle', bold: r.outcome === 'reject', fill: COLOURS[r.outcome],
      });
    }
    if (runs.length <= 40 || i % Math.ceil(runs.length / 40) === 0) {
      shapes.push({ kind: 'text', x, y: top + plotH + 12, text: String(i + 1), size: 6, anchor: 'middle', fill: MUTED });
    }
  });
  shapes.push({ kind: 'text', x: left + plotW / 2, y: height - 10, text: runs.length ? 'Run (in the order entered)' : 'No runs yet', size: 8, anchor: 'middle', fill: MUTED });
  return { width, height, shapes, rows: [] };
}
