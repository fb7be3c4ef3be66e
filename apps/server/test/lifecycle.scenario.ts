import fc from 'fast-check';
import { generator, leafValues, soilValues } from '@sapwood/contracts';
import type { LabAnswer } from '../../../tools/stand-ins/lab-orders.book';

/**
 * The scenarios of the lifecycle property (issue 31, ADR 0117): a few submissions at once, leaf or farmers'
 * (soil), to Manual, Nvirotek or Wynland (leaf only), of rows backed by a synced capture and rows added by hand;
 * an outside lab answering ready, partial, refused, late or with sample numbers it was not sent; a Manual
 * submission's rows typed in with values or N/A; whether a refused order is sent again once the lab takes it; and
 * how many turns the lab poll takes before everything is read.
 */
export type Lab = 'Manual' | 'Nvirotek' | 'Wynland' | 'ManualFarmer' | 'NvirotekFarmer';

export interface PlannedSubmission {
  kind: 'leaf' | 'soil';
  lab: Lab;
  /** rows backed by a synced capture (fewer when the stand-in has run out of them) */
  captured: number;
  /** rows typed in by hand (no capture) */
  hand: number;
  /** how the outside lab answers its order (not used for Manual) */
  answer: LabAnswer;
  /** Manual: per row, N/A instead of values */
  na: boolean[];
  /** a refused order: sent again (Re-send) once the lab takes it */
  resend: boolean;
}

export interface Scenario {
  submissions: PlannedSubmission[];
  /** the lab poll's turns before the check */
  polls: number;
}

const answer: fc.Arbitrary<LabAnswer> = fc.oneof(
  fc.constant<LabAnswer>({ mode: 'ready' }),
  fc.integer({ min: 0, max: 3 }).map<LabAnswer>((count) => ({ mode: 'partial', count })),
  fc.constantFrom('account on hold', 'sample numbers must be unique per client').map<LabAnswer>((message) => ({ mode: 'refused', message })),
  fc.integer({ min: 0, max: 3 }).map<LabAnswer>((reads) => ({ mode: 'late', reads })),
  fc.record({ extra: fc.integer({ min: 0, max: 2 }), renamed: fc.integer({ min: 0, max: 1 }) }).map<LabAnswer>((u) => ({ mode: 'unknown', ...u })),
);

const submission: fc.Arbitrary<PlannedSubmission> = fc.record({
  kind: fc.constantFrom<'leaf' | 'soil'>('leaf', 'leaf', 'soil'),
  leafLab: fc.constantFrom<Lab>('Manual', 'Nvirotek', 'Wynland'),
  soilLab: fc.constantFrom<Lab>('ManualFarmer', 'NvirotekFarmer'),
  captured: fc.integer({ min: 0, max: 3 }),
  hand: fc.integer({ min: 0, max: 2 }),
  answer,
  na: fc.array(fc.constantFrom(false, false, false, true), { minLength: 5, maxLength: 5 }),
  resend: fc.boolean(),
}).filter((s) => s.captured + s.hand > 0)
  .map(({ kind, leafLab, soilLab, ...s }) => ({ ...s, kind, lab: kind === 'leaf' ? leafLab : soilLab }));

export const scenario: fc.Arbitrary<Scenario> = fc.record({
  submissions: fc.array(submission, { minLength: 1, maxLength: 3 }),
  polls: fc.integer({ min: 1, max: 3 }),
});

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 11);

/** The values a Manual row is typed in with: plausible ones of its kind, the same for the same sample number. */
export const typedValues = (kind: 'leaf' | 'soil', sampleNumber: string) => (kind === 'leaf' ? leafValues : soilValues)(generator(hash(sampleNumber)));
