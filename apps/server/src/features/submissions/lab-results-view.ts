import {
  type LabResultView, SAMPLE_NO_RESULT as NO, SUBMISSION_LAB_LABELS, type SubmissionLab, formatDay, outsideLabOf, resultValueFlags, resultValuesOf,
} from '@sapwood/contracts';
import type { UnmatchedSample } from './own-results.repository';
import type { SampleWithResult } from './submission-results.repository';
import type { SubmissionErrorKind } from './submissions.repository';

type Kind = 'leaf' | 'soil';

/** The submission as its results' header names it. */
export interface ResultsHeader {
  id: number;
  kind: Kind;
  lab: string;
  clientName: string;
  farmName: string;
  dateSampled: string | null;
  /** the order's refusal or failure to send (what to fix, in our words and the lab's) */
  error: string | null;
  /** what wrote `error` (ADR 0248): a reissued or unknown work order is why a sample is not read, not waiting */
  errorKind: SubmissionErrorKind | null;
  refused: boolean;
  /** the lab's work order and job, once the order is placed */
  submissionWorkOrder: string | null;
  labJobId: string | null;
}

export const labLabel = (lab: string) => SUBMISSION_LAB_LABELS[lab as SubmissionLab] ?? lab;

/** A sample holds a result: a value, a lab number or N/A. */
export const holdsResult = (x: Pick<SampleWithResult, 'labNumber' | 'na' | 'values'>) =>
  !!x.na || (x.labNumber ?? '').trim() !== '' || Object.values(x.values ?? {}).some((v) => typeof v === 'number');

/**
 * Why a sample shows no values (issue 31: never silently empty), or undefined when it has some: N/A; typed in
 * without values, or waiting to be; its outside lab's order refused, not sent yet, its lab's answer not read (the lab
 * gives the work order to another lab job, ADR 0245, or does not know it, ADR 0248), or its result not returned (maybe among the samples the lab
 * returned that match no row).
 */
export function noResultReason(s: ResultsHeader, x: Pick<SampleWithResult, 'labNumber' | 'na' | 'values'>, unmatched: number): string | undefined {
  if (Object.values(x.values ?? {}).some((v) => typeof v === 'number')) return undefined;
  if (x.na) return NO.na;
  const lab = outsideLabOf(s.lab);
  if (!lab) return (x.labNumber ?? '').trim() ? NO.noValues : NO.typing;
  if (s.refused) return NO.refused(lab);
  if (s.submissionWorkOrder === null && s.labJobId === null) return NO.notSent(lab);
  if (s.errorKind === 'work_order_reissued' && s.submissionWorkOrder !== null) return NO.notRead(lab, s.submissionWorkOrder);
  if (s.errorKind === 'work_order_unknown' && s.submissionWorkOrder !== null) return NO.notKnown(lab, s.submissionWorkOrder);
  return unmatched > 0 ? NO.waitingOrUnmatched(lab) : NO.waiting(lab);
}

/**
 * The lab result view (spec §3) of a submission: every sample with its lab number and, for each value of the
 * kind in the list's order, its name, number (null: not measured), unit and, for an outside lab's value out of
 * its bounds, its flag. The same for results typed by hand and those of an outside lab (both are the capture's
 * stored result, of this submission's own lab order); a sample without values says why (`noResultReason`, ADR 0117).
 * With the order's refusal or failure, and the samples the lab returned that match no row, flagged by the same
 * bounds (ADR 0097, ADR 0100).
 */
export function labResultView(s: ResultsHeader, samples: SampleWithResult[], unmatched: UnmatchedSample[]): LabResultView {
  const values = resultValuesOf(s.kind);
  const resultvalue = (stored: Record<string, number> | null, flags: Record<string, string> | null) => values.map((v) => {
    const n = stored?.[v.code];
    const flag = flags?.[v.code];
    return { code: v.code, name: v.label, lab_result: typeof n === 'number' ? n : null, unit: v.unit, ...(flag ? { flag } : {}) };
  });
  const lab = outsideLabOf(s.lab);
  const due = lab ? new Set<string>([NO.waiting(lab), NO.waitingOrUnmatched(lab)]) : new Set<string>();
  const sampleData = samples.map((x) => {
    const why = noResultReason(s, x, unmatched.length);
    return { lab_number: x.labNumber ?? '', sample_reference: x.sampleNumber, resultvalue: resultvalue(x.values, x.flags), ...(why ? { no_result: why } : {}) };
  });
  return {
    lab_name: labLabel(s.lab),
    sampleData,
    waiting: sampleData.filter((x) => x.no_result !== undefined && due.has(x.no_result)).length,
    error: s.error,
    unmatched: unmatched.map((u) => ({ lab_number: u.labNumber, sample_reference: u.sampleNumber, resultvalue: resultvalue(u.values, resultValueFlags(s.kind, u.values)), received_at: u.receivedAt, reason: u.reason })),
  };
}

/**
 * Why a submission has nothing to print (labResultsHtml answers null): each reason its samples give once, in sample
 * order (`noResultReason`, the view's rule), so 'No lab results available' is never said without why.
 */
export function noResultsWhy(s: ResultsHeader, samples: SampleWithResult[], unmatched: number): string[] {
  return [...new Set(samples.flatMap((x) => noResultReason(s, x, unmatched) ?? []))];
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
  h2 { font-size: 13px; margin: 16px 0 6px; }
  .refusal { color: #a00; font-size: 13px; }
  @media print { body { margin: 0; } thead { display: table-header-group; } }`;

const NONE_MATCHED = 'No result the lab returned matches a sample of this submission.';

type Printed = Pick<SampleWithResult, 'sampleNumber' | 'labNumber' | 'na' | 'values' | 'flags'>;

/** A table of samples by the values measured in any of them, with their units. */
function resultsTable(kind: Kind, rows: Printed[]): string {
  const values = resultValuesOf(kind).filter((v) => rows.some((x) => typeof x.values?.[v.code] === 'number'));
  const head = ['<th>Sample</th>', '<th>Lab number</th>', ...values.map((v) => `<th>${escapeHtml(v.label)}${v.unit ? `<br><small>${escapeHtml(v.unit)}</small>` : ''}</th>`)].join('');
  const body = rows.map((x) => {
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
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** The samples without results, each with why (issue 31: none left out of the page silently). */
function waitingTable(s: ResultsHeader, rows: SampleWithResult[], unmatched: number): string {
  const body = rows.map((x) => `<tr><td>${escapeHtml(x.sampleNumber)}</td><td>${escapeHtml(noResultReason(s, x, unmatched) ?? '')}</td></tr>`).join('\n');
  return `<table>\n<thead><tr><th>Sample</th><th>Why</th></tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/**
 * The lab results of a submission as a printable, self-contained page (no scripts, no outside resources;
 * every text escaped): a header (lab, client, farm, submission, date sampled) and a table of the samples with
 * results (its own lab order's) by the values measured in any of them, with their units; then the samples
 * without results, each with why; then the samples the lab returned that match no row. A refused order prints
 * its refusal (what to fix) instead of values. Null when there is nothing to print.
 */
export function labResultsHtml(s: ResultsHeader, samples: SampleWithResult[], unmatched: UnmatchedSample[] = []): string | null {
  const withResults = samples.filter(holdsResult);
  const waiting = samples.filter((x) => !holdsResult(x));
  const refusal = s.refused && s.error ? s.error : null;
  if (!refusal && withResults.length === 0 && unmatched.length === 0) return null;
  const title = `Lab results: submission ${s.id}`;
  const facts: [string, string][] = [
    ['Lab', labLabel(s.lab)], ['Client', s.clientName], ['Farm', s.farmName], ['Submission', String(s.id)], ['Date sampled', formatDay(s.dateSampled)],
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
${refusal ? `<p class="refusal"><strong>Refused:</strong> ${escapeHtml(refusal)}</p>` : withResults.length ? resultsTable(s.kind, withResults) : `<p>${escapeHtml(NONE_MATCHED)}</p>`}
${!refusal && waiting.length ? `<h2>Without results</h2>\n${waitingTable(s, waiting, unmatched.length)}` : ''}
${!refusal && unmatched.length ? `<h2>Returned by ${escapeHtml(labLabel(s.lab))}, matching no sample of this submission</h2>\n${resultsTable(s.kind, unmatched.map((u) => ({ ...u, flags: resultValueFlags(s.kind, u.values) })))}` : ''}
</body>
</html>
`;
}
