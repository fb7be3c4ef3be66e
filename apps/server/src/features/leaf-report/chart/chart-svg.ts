import { type LeafChart, PLACEMENT_COLOURS, type Shape } from './leaf-chart';
import { loadSharp } from '../../../platform/images/lazy-sharp';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => (Math.round(v * 100) / 100).toString();

function svgOf(s: Shape): string {
  switch (s.kind) {
    case 'rect':
      return `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.w)}" height="${n(s.h)}" fill="${s.fill}"${s.stroke ? ` stroke="${s.stroke}"` : ''}/>`;
    case 'line':
      return `<line x1="${n(s.x1)}" y1="${n(s.y1)}" x2="${n(s.x2)}" y2="${n(s.y2)}" stroke="${s.stroke}" stroke-width="${n(s.width)}"${s.dash ? ' stroke-dasharray="2 2"' : ''}/>`;
    case 'text':
      return `<text x="${n(s.x)}" y="${n(s.y)}" font-size="${n(s.size)}" text-anchor="${s.anchor}" fill="${s.fill}"${s.bold ? ' font-weight="bold"' : ''}>${esc(s.text)}</text>`;
    case 'marker': {
      const fill = PLACEMENT_COLOURS[s.placement];
      // the shape says it without colour: a triangle down below the range, up above it, a circle inside
      if (s.placement === 'below') return `<path d="M${n(s.x - s.r)} ${n(s.y - s.r)} L${n(s.x + s.r)} ${n(s.y - s.r)} L${n(s.x)} ${n(s.y + s.r)} Z" fill="${fill}" stroke="#000" stroke-width="0.4"/>`;
      if (s.placement === 'above') return `<path d="M${n(s.x - s.r)} ${n(s.y + s.r)} L${n(s.x + s.r)} ${n(s.y + s.r)} L${n(s.x)} ${n(s.y - s.r)} Z" fill="${fill}" stroke="#000" stroke-width="0.4"/>`;
      return `<circle cx="${n(s.x)}" cy="${n(s.y)}" r="${n(s.r)}" fill="${fill}" stroke="#000" stroke-width="0.4"/>`;
    }
  }
}

/** The chart as SVG (its units are the layout's points). */
export function chartSvg(chart: LeafChart): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(chart.width)}" height="${n(chart.height)}" viewBox="0 0 ${n(chart.width)} ${n(chart.height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">${chart.shapes.map(svgOf).join('')}</svg>`;
}

/** The chart as a PNG for the preview, `scale` pixels a point (2: sharp on a high-density screen). */
export async function chartPng(chart: LeafChart, scale = 2): Promise<Buffer> {
  return (await loadSharp())(Buffer.from(chartSvg(chart)), { density: 72 * scale }).png({ compressionLevel: 6 }).toBuffer();
}
