/**
 * The enumerations and messages of submissions (spec part 2 §3, §5): the labs a submission goes to, the
 * leaf and farmers' test types, the organ types of a leaf sample.
 */

/** The labs of a leaf submission and of a farmers' one. */
export const LEAF_SUBMISSION_LABS = ['Manual', 'Nvirotek', 'Wynland'] as const;
export const FARMERS_SUBMISSION_LABS = ['ManualFarmer', 'NvirotekFarmer'] as const;
export const SUBMISSION_LABS = [...LEAF_SUBMISSION_LABS, ...FARMERS_SUBMISSION_LABS] as const;
export type SubmissionLab = (typeof SUBMISSION_LABS)[number];
/** typed in by hand (no outside lab): Manual and the manual farmer lab */
export const isManualLab = (lab: string) => lab === 'Manual' || lab === 'ManualFarmer';
/** the outside lab a submission's lab sends to, or null when its results are typed in */
export const outsideLabOf = (lab: string): 'Nvirotek' | 'Wynland' | null =>
  lab === 'Nvirotek' || lab === 'NvirotekFarmer' ? 'Nvirotek' : lab === 'Wynland' ? 'Wynland' : null;
/** the lab a capture shows once it is in a submission of this lab: its outside lab, or Manual when typed in by hand */
export const captureLabOf = (lab: string): 'Nvirotek' | 'Wynland' | 'Manual' => outsideLabOf(lab) ?? 'Manual';
/**
 * whether a capture showing `captureLab` may go in a submission of `lab` (ADR 0251): a submission sent to an outside lab
 * takes only the captures of that lab or of none; one typed in by hand takes any (no lab is sent anything)
 */
export const captureFitsLab = (captureLab: string, lab: string): boolean => {
  const outside = outsideLabOf(lab);
  return !outside || captureLab.trim() === '' || captureLab === outside;
};
export const SUBMISSION_LAB_LABELS: Record<SubmissionLab, string> = {
  Manual: 'Manual', Nvirotek: 'Nvirotek', Wynland: 'Wynland', ManualFarmer: 'Manual (farmer)', NvirotekFarmer: 'Nvirotek (farmer)',
};

/** The leaf test types (spec §3), StandardItestLeaf by default. */
export const LEAF_TESTS = [
  'Unknown', 'MineralPackageWaterSoluble', 'ItestPecans', 'LeafSap', 'WetAndDry', 'StandardItestLeaf', 'ItestLeafInclPh',
  'ItestLeafInclBrix', 'ItestLeafInclBrixPh', 'ItestLeafNuPotiolo', 'Chloride', 'StandardItestPotiolo', 'ItestRoot', 'Nickel',
  'SilicaWaterSoluble',
] as const;
export const DEFAULT_LEAF_TEST = 'StandardItestLeaf';

/**
 * The farmers' sample test types (spec §3): P Bray I, II and III with water, KCl, Mehlich, Olsen and micro
 * variants and the other soil analyses. `FarmerSample` is the default a new row starts with, which a
 * submission may not keep (§5).
 */
const P_METHODS = ['Water', 'Kcl', 'Mehlich', 'Olsen', 'Micro'] as const;
export const FARMERS_TESTS = [
  'Unknown', 'FarmerSample',
  ...(['PBrayI', 'PBrayII', 'PBrayIII'] as const).flatMap((p) => P_METHODS.map((m) => `${p}${m}` as const)),
  'FieldTechnication', 'SoilCarbon', 'Ec', 'AdditionalP', 'AvailableB', 'Chloride', 'Molybdenum', 'Nitrogen', 'Soil1To2Water',
  'HeavyMetals', 'AggregateStability', 'Cec', 'ColourFingerTest', 'ExchangeableAl', 'Carbon', 'MehlichIIICompletePackage',
  'PotentialMineralisableN', 'ResistanceSaturatedPaste', 'Texture', 'EksteenMethod', 'CarbonLoi', 'Silica',
] as const;
export const DEFAULT_FARMERS_TEST = 'FarmerSample';

/** A test's name as a person reads it: 'StandardItestLeaf' → 'Standard Itest Leaf', 'PBrayIWater' → 'P Bray I Water'. */
export const testLabel = (key: string) =>
  key.replace(/^PBray(I{1,3})/, 'P Bray $1 ').replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/\s+/g, ' ').trim();

/** The organ type of a leaf sample and how the screen shows it. */
export const ORGAN_TYPES = ['Normal', 'Reproductive', 'Vegetative', 'None'] as const;
export type OrganType = (typeof ORGAN_TYPES)[number];
export const ORGAN_TYPE_LABELS: Record<OrganType, string> = {
  Normal: 'ITEST Leaf', Reproductive: 'ITEST Leaf (Reproductive)', Vegetative: 'ITEST Leaf (Vegetative)', None: 'None',
};

/** The messages of the submission screens (spec §2, §5; the spec's words where it gives them). */
export const SUBMISSION_MESSAGES = {
  submitConfirm: 'Are you sure you want to submit this submission?',
  prepareFailed: 'Failed to prepare submission.',
  deleteConfirm: (client: string) => `Are you sure you want to delete ${client}?`,
  oneActiveRow: '(each submission must include a minimum of one active row)',
  testUnknown: "test type can't be unknown",
  farmerDefaultTest: 'Choose a test: the default farmer sample test cannot be submitted',
  entityRequired: 'Entity name required',
  farmRequired: 'Farm name required',
  depotRequired: 'Choose a depot',
  agentRequired: 'Choose an agent',
  agronomistRequired: 'Choose an agronomist',
  sampleNumberRequired: 'Sample number required',
  sampleNumberTwice: 'Sample number must be unique in its group',
  blockRequired: 'Block required',
  cropRequired: 'Choose a crop',
  cultivarRequired: 'Choose at least one cultivar',
  cultivarOfCrop: "Choose cultivars of the sample's crop",
  optionalTestUnknown: 'Choose optional tests from the list',
  languageUnknown: 'Choose a language from the list',
  growthPhaseRequired: 'Growth phase required',
  organTypeRequired: 'Choose an organ type',
  labJobRequired: 'Required',
  labJobNotFound: "Can't find lab id.",
  /** a lab job another submission of that outside lab holds: both would stand for the same job (Manual Link) */
  labJobHeld: (labJobId: string, otherId: number) => `Lab job ${labJobId} is already linked to submission ${otherId}`,
  /**
   * the work order the outside lab gives the job linked by hand is another submission's: results are read by work order,
   * so each would read the other's (Manual Link, ADR 0247)
   */
  linkedWorkOrderHeld: (lab: string, labJobId: string, workOrder: string, otherId: number) =>
    `${lab} gives lab job ${labJobId} work order ${workOrder}, which submission ${otherId} already holds: not linked, so that neither reads the other's results`,
  success: 'Success',
  mayNotDelete: 'May not delete row',
  mayNotDeleteWithLabJob: 'May not delete row with Lab Job number',
  entryGone: 'This entry is no longer waiting to be submitted: reload and prepare again.',
  /** a row whose capture shows another outside lab than the submission's (ADR 0251): it is never sent there without a word */
  sampleOfOtherLab: (captureLab: string, lab: string) =>
    `This sample is for ${captureLab}, not ${lab}: mark it deleted to submit it on its own, or change its lab first`,
  /** an outside lab's order (issue 31): what the lab needs of each row, and what to do when it refuses */
  noLabCropCode: (crop: string, lab: string) => `${crop} has no ${lab} crop code: assign one in Crop`,
  sampleNumberTwiceInOrder: (lab: string) => `Sample number must be unique in the order to ${lab}`,
  refusedBy: (lab: string) => `${lab} refused the order: correct what it names, then Re-send`,
  couldNotSend: (lab: string) => `Could not send the order to ${lab}: it is tried again every few minutes, or Re-send`,
  /** a lab answered a work order another submission of that lab holds: its results could not be told apart */
  workOrderHeld: (lab: string, workOrder: string, otherId: number) =>
    `${lab} answered work order ${workOrder}, which submission ${otherId} already holds: not taken, so that neither reads the other's results. Ask ${lab} which order is this one's, then Re-send`,
  /** a lab answered a new order under a lab job another submission of that lab holds (ADR 0254): not taken, as a held work order */
  sentLabJobHeld: (lab: string, labJobId: string, workOrder: string, otherId: number) =>
    `${lab} answered lab job ${labJobId} (work order ${workOrder}), which submission ${otherId} already holds: not taken, so that neither reads the other's results. Ask ${lab} which order is this one's, then Re-send`,
  /**
   * a lab now answers a submission's work order under another lab job (it reused the number for a new order): nothing
   * of that job is read into the submission, told on its row and once in its history (ADR 0245)
   */
  workOrderReissued: (lab: string, workOrder: string, otherJob: string, ownJob: string) =>
    `${lab} now gives work order ${workOrder} to lab job ${otherJob}, not to this submission's lab job ${ownJob}: nothing of lab job ${otherJob} is read into this submission. Ask ${lab} about work order ${workOrder}; its results are read again once ${lab} answers it under lab job ${ownJob}`,
  /**
   * reading a submission's work order, its lab answers 404: it does not know the order (cancelled, deleted, its order
   * book lost). Told on its row and once in its history, cleared once the lab answers it again (ADR 0248). Manual Link
   * is not offered: it links only a submission holding no lab job
   */
  workOrderUnknown: (lab: string, workOrder: string) =>
    `${lab} answers that it does not know work order ${workOrder}: no more of its results can be read. Ask ${lab} about work order ${workOrder}; its results are read again once ${lab} answers it`,
  /** the history entry when the lab answers a work order it did not know again */
  workOrderKnownAgain: (lab: string, workOrder: string) => `${lab} answers work order ${workOrder} again: its results are read again`,
  /** the history entry when the lab answers the submission's work order under its own lab job again */
  workOrderReturned: (lab: string, workOrder: string, ownJob: string) =>
    `${lab} gives work order ${workOrder} to this submission's lab job ${ownJob} again: its results are read again`,
  resendNotNeeded: 'Only an order its lab refused, or that could not be sent, is sent again',
  resent: 'Sent again',
  changed: 'This submission was changed by someone else meanwhile. Reload and try again.',
  unmatched: (n: number) => `${n} returned sample${n === 1 ? '' : 's'} match${n === 1 ? 'es' : ''} no row`,
  /** the history entry when a lab returns samples that match no row: `samples` as 'sample number (lab number)' */
  unmatchedEvent: (lab: string, samples: string[]) =>
    `${lab} returned ${samples.length === 1 ? 'a sample that matches' : `${samples.length} samples that match`} no row: ${samples.join(', ')}, kept on the submission`,
  /** the history entry when a lab sends a sample that cannot be read (issue 33): refused on its own, the others taken */
  refusedSampleEvent: (lab: string, sampleNumber: string, reason: string) =>
    `${lab} sent sample ${sampleNumber}, which cannot be read: ${reason}. It was not imported; the other samples were`,
  /** why a returned sample matched no row */
  unmatchedNoRow: 'Its sample number is not one of the submission',
  unmatchedOtherLabNumber: (labNumber: string) => `Its sample number's row holds lab number ${labNumber}`,
  unmatchedTwice: 'The lab returned its row twice',
  unmatchedAmbiguous: 'Its sample number is on more than one row',
} as const;
