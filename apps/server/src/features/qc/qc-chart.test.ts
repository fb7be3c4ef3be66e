import { describe, expect, it } from 'vitest';
import type { ChartRun, ControlLot } from '@sapwood/contracts';
import { LJ, labelWidth, leveyJennings } from './qc-chart';

const lot: ControlLot = {
  id: 1, name: 'Sugar control', lot: 'SUG-1', analyte: 'sugar', mean: 5.2, sd: 0.2, validFrom: '2026-01-01', validTo: null, active: true, rowVersion: 1,
};
const run = (i: number, z: number): ChartRun => ({
  controlId: i, jobId: i, resultOn: new Date(Date.UTC(2026, 9, i)), value: lot.mean + z * lot.sd, z,
  outcome: Math.abs(z) > 3 ? 'reject' : 'pass', violations: Math.abs(z) > 3 ? [{ rule: '1-3s', severity: 'reject', meaning: 'beyond 3 SD' }] : [], released: false,
});
const sdLabels = (runs: ChartRun[]) => leveyJennings(lot, runs).shapes
  .flatMap((s) => (s.kind === 'text' && /^[+−]\d SD /.test(s.text) ? [s.y] : []))
  .sort((a, b) => a - b);

describe('the Levey–Jennings chart', () => {
  it('keeps its SD lines readable when one control is far out (a gross error is drawn at the edge)', () => {
    const runs = [run(1, 0.3), run(2, -0.5), run(3, 19)];
    const ys = sdLabels(runs);
    expect(ys).toHaveLength(6);
    // the labels of the ±1, 2, 3 SD lines stand at least a line of 7 pt text apart
    for (let i = 1; i < ys.length; i++) expect(ys[i] - ys[i - 1]).toBeGreaterThanOrEqual(9);
    // the far point is still on the plot, at its top
    const marks = leveyJennings(lot, runs).shapes.filter((s) => s.kind === 'rect' && s.w < 10);
    expect(marks).toHaveLength(1);
    expect(marks[0].kind === 'rect' && marks[0].y).toBeGreaterThanOrEqual(LJ.top - 4);
  });

  it('stacks the rule labels of neighbouring points so that no two overlap', () => {
    // a long run of controls, many of them out: the points stand closer than a label is wide
    const rules = [['1-3s'], ['2-2s', 'R-4s'], ['1-3s', '4-1s'], ['10x']];
    const runs = Array.from({ length: 40 }, (_, i): ChartRun => {
      const z = [3.4, 3.6, -3.5, 3.2, 3.8, -3.3][i % 6];
      return { ...run(i + 1, z), outcome: 'reject', violations: rules[i % rules.length].map((rule) => ({ rule, severity: 'reject', meaning: rule })) };
    });
    const boxes = leveyJennings(lot, runs).shapes.flatMap((s) => (s.kind === 'text' && s.size === 7 && !/ SD /.test(s.text)
      ? [{ text: s.text, left: s.x - labelWidth(s.text) / 2, right: s.x + labelWidth(s.text) / 2, top: s.y - 7, bottom: s.y + 2 }] : []));
    expect(boxes).toHaveLength(40);
    const overlaps = boxes.flatMap((a, i) => boxes.slice(i + 1).flatMap((b) => (
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom ? [`${a.text} over ${b.text}`] : [])));
    expect(overlaps).toEqual([]);
  });
});
