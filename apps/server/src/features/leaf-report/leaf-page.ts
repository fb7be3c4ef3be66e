import { type Element, LEAF_RESULT_VALUES, type LeafReportHeader, type ResolvedNorms, dris } from '@sapwood/contracts';
import { loadSharp } from '../../platform/images/lazy-sharp';
import { chartSvg } from './chart/chart-svg';
import { type LeafChart, type LeafChartInput, layoutLeafChart } from './chart/leaf-chart';
import type { PageSource } from './leaf-report.repository';
import { type LeafReportTexts, chartTexts } from './leaf-report.texts';

/**
 * A preview page of the leaf report (issue 15): the sample's chart (one module, ./chart, for previews and
 * PDFs) over the norms resolved for it, and the two texts under their labels, as one SVG, then a PNG.
 */
export interface PageInput {
  source: PageSource;
  header: Pick<LeafReportHeader, 'graphType' | 'includeDrisGraphs' | 'includeCultivarLabels'>;
  norms: ResolvedNorms;
  texts: LeafReportTexts;
  recommendation: string;
  plantSay: string;
}

const WIDTH = 560;
const MARGIN = 20;
const LINE = 12;
/** characters a line of the texts holds at 9 pt across the page (a long word is cut) */
const CHARS_PER_LINE = 100;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chart's input from the sample's values and norms (the DRIS block when asked for and the crop has a Selected DRIS graph). */
export function pageChartInput(p: Omit<PageInput, 'recommendation' | 'plantSay'>): LeafChartInput {
  const values = p.source.values ?? {};
  const norm = new Map(p.norms.elements.map((e) => [e.element, e]));
  const elements = LEAF_RESULT_VALUES
    .filter((v) => values[v.code] !== undefined || norm.has(v.code))
    .map((v) => {
      const n = norm.get(v.code);
      return { element: v.code as Element, label: v.label, unit: v.unit, value: values[v.code] ?? null, min: n?.min ?? null, med: n?.med ?? null, max: n?.max ?? null };
    });
  const graph = p.header.includeDrisGraphs ? p.norms.drisGraphs.find((g) => g.selected) : undefined;
  const result = graph ? dris(values, graph.rows, { units: graph.units }) : null;
  const t = p.texts;
  return {
    graphType: p.header.graphType,
    title: `${t['report.leaf.sample']} ${p.source.sampleNumber} · ${t['report.leaf.block']} ${p.source.blockNumber}${p.source.cropName ? ` · ${p.source.cropName}` : ''}`,
    subtitle: p.header.includeCultivarLabels && p.source.cultivarNames.length > 0 ? p.source.cultivarNames.join(', ') : undefined,
    elements,
    dris: result ? { indices: result.indices.map((i) => ({ element: i.element, index: i.index })), nbi: result.nbi } : null,
    texts: chartTexts(t),
    width: WIDTH - 2 * MARGIN,
  };
}

/** The text cut into lines of at most CHARS_PER_LINE, at spaces where it can, keeping its own line breaks. */
export function wrapText(text: string, width = CHARS_PER_LINE): string[] {
  const out: string[] = [];
  for (const para of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let w = word;
      while (w.length > width) {
        if (line) out.push(line);
        out.push(w.slice(0, width));
        w = w.slice(width);
        line = '';
      }
      if (!line) line = w;
      else if (line.length + 1 + w.length <= width) line += ` ${w}`;
      else {
        out.push(line);
        line = w;
      }
    }
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

function textBlock(label: string, text: string, top: number): { svg: string; bottom: number } {
  const lines = wrapText(text);
  let svg = `<text x="${MARGIN}" y="${top + 12}" font-size="11" font-weight="bold" fill="#222222">${esc(label)}</text>`;
  svg += `<rect x="${MARGIN}" y="${top + 18}" width="${WIDTH - 2 * MARGIN}" height="${Math.max(1, lines.length) * LINE + 10}" fill="#fbfbfb" stroke="#cccccc"/>`;
  lines.forEach((l, i) => {
    svg += `<text x="${MARGIN + 6}" y="${top + 32 + i * LINE}" font-size="9" fill="#222222" xml:space="preserve">${esc(l)}</text>`;
  });
  return { svg, bottom: top + 18 + Math.max(1, lines.length) * LINE + 10 + 10 };
}

/** The page as SVG, with the chart laid out for it (the layout's rows say where each value was placed). */
export function pageSvg(p: PageInput): { svg: string; chart: LeafChart } {
  const chart = layoutLeafChart(pageChartInput(p));
  let y = MARGIN + chart.height + 16;
  const say = textBlock(p.texts['report.leaf.plantSays'], p.plantSay, y);
  y = say.bottom;
  const rec = textBlock(p.texts['report.leaf.recommendation'], p.recommendation, y);
  const height = Math.ceil(rec.bottom + MARGIN);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`
    + `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`
    + `<g transform="translate(${MARGIN},${MARGIN})">${chartSvg(chart)}</g>${say.svg}${rec.svg}</svg>`;
  return { svg, chart };
}

/** The page as a PNG, `scale` pixels a point. */
export async function pagePng(svg: string, scale = 1.5): Promise<Buffer> {
  return (await loadSharp())(Buffer.from(svg), { density: 72 * scale }).png({ compressionLevel: 6 }).toBuffer();
}
