import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../../../../../tests/support/pdf';
import { chartPng, chartSvg } from './chart-svg';
import { drawChartOnPdf } from './chart-pdf';
import { reportNumber } from '../../../platform/reports/report-number';
import { type ChartElementInput, type LeafChart, layoutLeafChart, newScalePosition, placementOf } from './leaf-chart';

/** Citrus-like norms: N 2.4–2.8 %, P 0.12–0.16 %, Zn 25–100 mg/kg, B without a norm; Fe not analysed. */
const elements: ChartElementInput[] = [
  { element: 'N', label: 'N', unit: '%', value: 2.1, min: 2.4, med: 2.6, max: 2.8 },
  { element: 'P', label: 'P', unit: '%', value: 0.14, min: 0.12, med: 0.14, max: 0.16 },
  { element: 'Zn', label: 'Zn', unit: 'mg/kg', value: 140, min: 25, med: 50, max: 100 },
  { element: 'B', label: 'B', unit: 'mg/kg', value: 60, min: null, med: null, max: null },
  { element: 'Fe', label: 'Fe', unit: 'mg/kg', value: null, min: 60, med: 90, max: 120 },
];

const markerOf = (chart: LeafChart, rowIndex: number) =>
  chart.shapes.filter((s) => s.kind === 'marker' && s.y > 34 + rowIndex * 18 && s.y < 34 + (rowIndex + 1) * 18);

describe('placing a value against its norm', () => {
  it('is below under min, inside from min to max (both ends included), above over max, unknown without a value or a norm', () => {
    expect(placementOf(2.39, 2.4, 2.8)).toBe('below');
    expect(placementOf(2.4, 2.4, 2.8)).toBe('inside');
    expect(placementOf(2.8, 2.4, 2.8)).toBe('inside');
    expect(placementOf(2.81, 2.4, 2.8)).toBe('above');
    expect(placementOf(null, 2.4, 2.8)).toBe('unknown');
    expect(placementOf(2.5, null, 2.8)).toBe('unknown');
  });

  it('puts each row of the chart where its value falls, for both graph types', () => {
    for (const graphType of ['GraphOld', 'GraphNew'] as const) {
      const chart = layoutLeafChart({ graphType, title: 'Sample L-1', elements });
      expect(chart.rows.map((r) => [r.element, r.placement])).toEqual([['N', 'below'], ['P', 'inside'], ['Zn', 'above'], ['B', 'unknown'], ['Fe', 'unknown']]);
      // the value's marker and the mark beside the bar both carry the placement
      expect(markerOf(chart, 0).map((m) => m.kind === 'marker' && m.placement)).toEqual(['below', 'below']);
      expect(markerOf(chart, 2).map((m) => m.kind === 'marker' && m.placement)).toEqual(['above', 'above']);
      expect(markerOf(chart, 4)).toEqual([]); // not analysed: nothing placed
      const words = chart.shapes.filter((s) => s.kind === 'text').map((s) => s.kind === 'text' && s.text);
      expect(words).toEqual(expect.arrayContaining(['Low', 'Optimum', 'High', 'No norm', 'Not analysed']));
    }
  });

  it('GraphOld draws the value in percent of the median; GraphNew places it in its zone of the scale', () => {
    const old = layoutLeafChart({ graphType: 'GraphOld', title: 't', elements });
    expect(old.rows[0].position).toBeCloseTo((2.1 / 2.6) * 100, 6);
    expect(old.rows[2].position).toBeCloseTo(280, 6);
    const neu = layoutLeafChart({ graphType: 'GraphNew', title: 't', elements });
    const [n, p, zn] = neu.rows.map((r) => r.position);
    expect(n).toBeLessThan(0.3); // below min: in the deficient or low zone
    expect(p).toBeGreaterThanOrEqual(0.3);
    expect(p).toBeLessThanOrEqual(0.7);
    expect(p).toBeCloseTo(0.5, 6); // 0.14 is the middle of 0.12–0.16
    expect(zn).toBeGreaterThan(0.7);
    // ordered along the scale, and clamped inside it
    expect(newScalePosition(0, 2.4, 2.8)).toBeGreaterThan(0);
    expect(newScalePosition(1e6, 2.4, 2.8)).toBeLessThan(1);
    expect(newScalePosition(2.2, 2.4, 2.8)).toBeGreaterThan(newScalePosition(1.2, 2.4, 2.8));
  });

  it('adds the DRIS indices around zero, most limiting first, with the NBI', () => {
    const chart = layoutLeafChart({ graphType: 'GraphNew', title: 't', elements, dris: { indices: [{ element: 'N', index: -12.5 }, { element: 'P', index: 4 }], nbi: 16.5 } });
    const texts = chart.shapes.filter((s) => s.kind === 'text').map((s) => s.kind === 'text' && s.text);
    expect(texts).toEqual(expect.arrayContaining(['DRIS index · NBI 16.5', '-12.5', '4.00']));
    expect(chart.height).toBeGreaterThan(layoutLeafChart({ graphType: 'GraphNew', title: 't', elements }).height);
  });
});

describe('the values the chart prints', () => {
  it("are the reports' one rule, as the summary prints them: Na% 0.028 stays 0.028 in the preview (not 0.03)", () => {
    const chart = layoutLeafChart({ graphType: 'GraphNew', title: 't', elements: [
      { element: 'NaPerc', label: 'Na%', unit: '%', value: 0.028, min: 0.01, med: 0.02, max: 0.05 },
      { element: 'N', label: 'N', unit: '%', value: 2.1, min: 2.4, med: 2.6, max: 2.8 },
      { element: 'Zn', label: 'Zn', unit: 'mg/kg', value: 12.3456, min: 25, med: 50, max: 100 },
    ] });
    const texts = chart.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
    expect(texts).toEqual(expect.arrayContaining(['0.028', '2.1', '12.3456']));
    expect(texts).not.toContain('0.03');
    for (const v of [0.028, 2.1, 12.3456]) expect(texts).toContain(reportNumber(v));
    // the preview image is drawn from this SVG
    expect(chartSvg(chart)).toContain('>0.028<');
  });
});

describe('drawing the chart', () => {
  const chart = layoutLeafChart({ graphType: 'GraphNew', title: 'Sample <L-1> & co', subtitle: 'Navel', elements });

  it('as SVG (text escaped) and as a PNG of the preview', async () => {
    const svg = chartSvg(chart);
    expect(svg).toContain('Sample &lt;L-1&gt; &amp; co');
    expect(svg).not.toContain('<L-1>');
    const png = await chartPng(chart, 2);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(Math.round(chart.width * 2));
  });

  it('on a PDF page, its words readable by pdftotext', async () => {
    const doc = new PDFDocument({ size: 'A4', margin: 36 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    drawChartOnPdf(doc, chart, 36, 60);
    doc.end();
    const [page] = pdfPages(await done);
    for (const word of ['Sample <L-1> & co', 'Navel', 'N (%)', '2.1', 'Low', 'Optimum', 'High', 'Zn (mg/kg)', '140', 'Not analysed']) expect(page).toContain(word);
  });
});
