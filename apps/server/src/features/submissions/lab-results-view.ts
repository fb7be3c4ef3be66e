import { type LabResultView, SUBMISSION_LAB_LABELS, type SubmissionLab, resultValuesOf } from '@sapwood/contracts';
import type { SampleWithResult } from './submission-results.repository';

type Kind = 'leaf' | 'soil';

/** The submission as its results' header names it. */
export interface ResultsHeader {
  id: number;
  kind: Kind;
  lab: string;
  clientName: string;
  farmName: string;
  dateSampled: string | null;
}

export const labLabel = (lab: string) => SUBMISSION_LAB_LABELS[lab as SubmissionLab] ?? lab;

/** A sample holds a result: a value, a lab number or N/A. */
export const holdsResult = (x: Pick<SampleWithResult, 'labNumber' | 'na' | 'values'>) =>
  !!x.na || (x.labNumber ?? '').trim() !== '' || Object.values(x.values ?? {}).some((v) => typeof v === 'number');

/**
 * The lab result view (spec §3) of a submission: every sample with its lab number and, for each value of the
 * kind in the list's order, its name, number (null: not measured), unit and, for an outside lab's value out of
 * its bounds, its flag. The same for results typed by hand and those of an outside lab (both are the capture's
 * stored result).
 */
export function labResultView(s: ResultsHeader, samples: SampleWithResult[]): LabResultView {
  const values = resultValuesOf(s.kind);
  return {
    lab_name: labLabel(s.lab),
    sampleData: samples.map((x) => ({
      lab_number: x.labNumber ?? '',
      sample_reference: x.sampleNumber,
      resultvalue: values.map((v) => {
        const n = x.values?.[v.code];
        const flag = x.flags?.[v.code];
        return { code: v.code, name: v.label, lab_result: typeof n === 'number' ? n : null, unit: v.unit, ...(flag ? { flag } : {}) };
      }),
    })),
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe inside HTML (elements and quoted attributes). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `
  body { font-family: Arial, Helvetica, sans-serif; font-size: 11px; margin: 16px; color: #000; }
  h1 { font-size: 16px; margin: 0 0 8px; }
  dl { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: 0 0 12px; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #666; padding: 2px 4px; text-align: right; }
  th:first-child, td:first-child, th:nth-child(2), td:nth-child(2) { text-align: left; }
  thead th { background: #eee; }
  th small { font-weight: normal; }
  @media print { body { margin: 0; } thead { display: table-header-group; } }`;

/**
 * The lab results of a submission as a printable, self-contained page (no scripts, no outside resources;
 * every text escaped): a header (lab, client, farm, submission, date sampled) and a table of the samples with
 * results by the values measured in any of them, with their units. Null when no sample has results.
 */
export function labResultsHtml(s: ResultsHeader, samples: SampleWithResult[]): string | null {
  const withResults = samples.filter(holdsResult);
  if (withResults.length === 0) return null;
  const values = resultValuesOf(s.kind).filter((v) => withResults.some((x) => typeof x.values?.[v.code] === 'number'));
  const head = ['<th>Sample</th>', '<th>Lab number</th>', ...values.map((v) => `<th>${escapeHtml(v.label)}${v.unit ? `<br><small>${escapeHtml(v.unit)}</small>` : ''}</th>`)].join('');
  const body = withResults.map((x) => {
    const cells = x.na
      ? [`<td colspan="${Math.max(1, values.length)}">N/A</td>`]
      : values.map((v) => {
        const n = x.values?.[v.code];
        const flag = x.flags?.[v.code];
        // an outside lab's value out of its bounds is printed with its flag, never silently
        if (flag && typeof n === 'number') return `<td title="${escapeHtml(flag)}">${escapeHtml(String(n))} ⚑ <small>${escapeHtml(flag)}</small></td>`;
        return `<td>${typeof n === 'number' ? escapeHtml(String(n)) : ''}</td>`;
      });
    return `<tr><td>${escapeHtml(x.sampleNumber)}</td><td>${escapeHtml(x.labNumber ?? '')}</td>${cells.join('')}</tr>`;
  }).join('\n');
  const title = `Lab results: submission ${s.id}`;
  const facts: [string, string][] = [
    ['Lab', labLabel(s.lab)], ['Client', s.clientName], ['Farm', s.farmName], ['Submission', String(s.id)], ['Date sampled', s.dateSampled ?? ''],
  ];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}
