import type { CropOption, TissueOption } from '@sapwood/contracts';

/**
 * The job card grid's columns and their widths in px (fixed layout), each wide enough for its values: the text
 * columns for the names a lab uses (the demo's longest shown whole at 1400 px), the pick lists for the longest
 * name of their reference list, measured. Wider than the dialog, the values scroll sideways between the pinned
 * # and Sample Number at the left and the row's remove at the right (app.css sw-grid-pinned), as the manual entry
 * grid's do; a free-text name longer still keeps its whole text in its tooltip.
 */
export const ENTRY_HEADS: [string, number][] = [
  ['#', 28], ['Sample Number', 100], ['', 80], ['Entity', 150], ['Agent', 196], ['Agronomist', 160], ['Farm Name', 120],
  ['Field Block Number', 84], ['Sample Date', 100], ['Tissue', 84], ['Crop', 104], ['Cultivar', 132], ['Region', 110],
  ['Growth', 110], ['', 50],
];

/** a pick list's padding, border, arrow and its cell's padding around the chosen name (app.css .sw-grid) */
const SELECT_EXTRA = 32;
/** the grid's fields' font size (app.css .sw-grid .mantine-Input-input) */
const FONT_PX = 12;

let canvas: CanvasRenderingContext2D | null = null;
/** the longest of `names` in px, as the grid's fields draw it */
function longest(names: string[]): number {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return 0;
  canvas.font = `${FONT_PX}px ${getComputedStyle(document.body).fontFamily}`;
  const c = canvas;
  return Math.ceil(Math.max(0, ...names.map((n) => c.measureText(n).width)));
}

/** Each column's width: a pick list's widened to its longest name (Tissue, Crop, Cultivar, Region, Growth). */
export function entryColumnWidths(crops: CropOption[], tissues: TissueOption[]): number[] {
  const lists: Record<string, string[]> = {
    Tissue: tissues.map((t) => t.name),
    Crop: crops.map((c) => c.name),
    Cultivar: crops.flatMap((c) => c.cultivars.map((x) => x.name)),
    Region: crops.flatMap((c) => c.regions.map((x) => x.name)),
    Growth: crops.flatMap((c) => c.growths.map((x) => x.name)),
  };
  return ENTRY_HEADS.map(([head, w]) => (lists[head] ? Math.max(w, longest(lists[head]) + SELECT_EXTRA) : w));
}
