/**
 * Westgard multi-rules (Westgard, Barry, Hunt & Groth, "A multi-rule Shewhart chart for quality control in
 * clinical chemistry", Clin. Chem. 27:493–501, 1981), on z = (x − mean) / SD of a control material's assigned
 * value. Each rule is judged on the newest control result of one lot and analyte (`series`, that lot's results in
 * the order entered, ending with the one judged) and on the other controls of the same analyte in the same run
 * (`sameRun`: the other level(s), as z of their own lots). Every rule is judged on its own (not only after a 1-2s
 * warning; ADR 0145): 1-2s warns, the others reject. A point exactly on a limit does not exceed it.
 *
 * The look-back of each rule (westgard.com, "Westgard Rules": 2-2s "within-run across materials and across runs
 * within material", R-4s "only within a run", 4-1s and 10-x across runs; ADR 0161):
 * - 1-2s, 1-3s: the point alone.
 * - 2-2s: the point and the lot's previous result (across runs, one level), or the point and another control of the
 *   same analyte in the same run beyond the same 2 SD limit (within the run, across levels).
 * - R-4s: within the run only: the point beyond one 2 SD limit and another control of the run beyond the other.
 *   Not across runs: a swing between runs is systematic error, left to 2-2s, 4-1s and 10-x (Westgard's advice).
 * - 4-1s: the lot's last four results (across runs, one level), or the last four results of the analyte's lots
 *   (`levels`: all levels interleaved in entry order, so two runs of two levels).
 * - 10-x: the lot's last ten results, or the analyte's last ten across its levels (five runs of two levels).
 */
export const WESTGARD_RULES = [
  { rule: '1-2s', severity: 'warning', lookBack: 1, meaning: 'one control beyond ±2 SD' },
  { rule: '1-3s', severity: 'reject', lookBack: 1, meaning: 'one control beyond ±3 SD (random error)' },
  { rule: '2-2s', severity: 'reject', lookBack: 2, meaning: 'two consecutive controls beyond the same ±2 SD, across runs or two levels in one run (systematic error)' },
  { rule: 'R-4s', severity: 'reject', lookBack: 1, meaning: 'one control beyond +2 SD and another beyond −2 SD in the same run (random error)' },
  { rule: '4-1s', severity: 'reject', lookBack: 4, meaning: 'four consecutive controls beyond the same ±1 SD (systematic error)' },
  { rule: '10-x', severity: 'reject', lookBack: 10, meaning: 'ten consecutive controls on the same side of the mean (systematic error)' },
] as const;

export type WestgardRule = (typeof WESTGARD_RULES)[number]['rule'];
export type QcSeverity = 'warning' | 'reject';
export type QcOutcome = 'pass' | QcSeverity;

export interface Violation {
  rule: WestgardRule;
  severity: QcSeverity;
  meaning: string;
}

/** How far a value lies from the assigned mean, in SDs. */
export function zScore(value: number, mean: number, sd: number): number {
  if (!(sd > 0)) throw new RangeError('The standard deviation must be above 0');
  return (value - mean) / sd;
}

const beyond = (limit: number) => (z: number) => z > limit;
const below = (limit: number) => (z: number) => z < -limit;

/** The last `n` of a series, or null when the series is shorter (a rule with a longer look-back cannot fire yet). */
function last(series: readonly number[], n: number): readonly number[] | null {
  return series.length >= n ? series.slice(series.length - n) : null;
}

/** True when every one of the last n meets the test, or every one meets the mirrored test. */
function consecutive(series: readonly number[], n: number, high: (z: number) => boolean, low: (z: number) => boolean): boolean {
  const tail = last(series, n);
  return !!tail && (tail.every(high) || tail.every(low));
}

const FIRES: Record<WestgardRule, (series: readonly number[], sameRun: readonly number[], levels: readonly number[]) => boolean> = {
  '1-2s': (s) => Math.abs(s[s.length - 1]) > 2,
  '1-3s': (s) => Math.abs(s[s.length - 1]) > 3,
  '2-2s': (s, run) => {
    const z = s[s.length - 1];
    return consecutive(s, 2, beyond(2), below(2)) || (z > 2 && run.some(beyond(2))) || (z < -2 && run.some(below(2)));
  },
  'R-4s': (s, run) => {
    const z = s[s.length - 1];
    return (z > 2 && run.some(below(2))) || (z < -2 && run.some(beyond(2)));
  },
  '4-1s': (s, _run, levels) => consecutive(s, 4, beyond(1), below(1)) || consecutive(levels, 4, beyond(1), below(1)),
  '10-x': (s, _run, levels) => consecutive(s, 10, beyond(0), below(0)) || consecutive(levels, 10, beyond(0), below(0)),
};

/**
 * The rules the newest point of a series violates. `series`: the z-scores of one lot and analyte in run order,
 * ending with the point judged; `sameRun`: the z-scores of the other controls of the same analyte in that run;
 * `levels`: the z-scores of every lot of the analyte (all levels) interleaved in entry order, ending with the point
 * judged (4-1s and 10-x across levels); by default the lot's own series.
 */
export function westgard(series: readonly number[], sameRun: readonly number[] = [], levels: readonly number[] = series): Violation[] {
  if (series.length === 0) return [];
  return WESTGARD_RULES.filter((r) => FIRES[r.rule](series, sameRun, levels)).map((r) => ({ rule: r.rule, severity: r.severity, meaning: r.meaning }));
}

/** The outcome of a set of violations: a reject rule rejects, a 1-2s alone warns, none passes. */
export function qcOutcome(violations: readonly Pick<Violation, 'severity'>[]): QcOutcome {
  if (violations.some((v) => v.severity === 'reject')) return 'reject';
  return violations.length ? 'warning' : 'pass';
}

/** Each point of a series judged as it was when it was entered (only what came before it), for a chart. */
export function westgardSeries(series: readonly number[], sameRun: (index: number) => readonly number[] = () => []): Violation[][] {
  return series.map((_, i) => westgard(series.slice(0, i + 1), sameRun(i)));
}
