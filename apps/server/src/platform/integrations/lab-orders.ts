/**
 * What the app asks of an outside lab for submissions (issue 13): place an order for a submission's samples,
 * read back how far the order is (the results published so far), and a lab job by its number with its work order
 * (a job linked by hand: its results are then read by that work order, ADR 0247). Each lab's client maps its own
 * shapes to these; values come back under the app's codes (LEAF_RESULT_VALUES, FARMERS_RESULT_VALUES).
 */
export interface LabOrderSample {
  sampleNumber: string;
  /** the lab's code of the sample's crop (the crop master's lab crop), null for soil */
  cropCode: string | null;
  test: string;
  optionalTests: string[];
}

export interface LabOrder {
  /**
   * The app's own reference of the order (one per submission): the lab answers an order it already has
   * with the same work order, so sending again after a time-out never makes a second lab order.
   */
  reference: string;
  kind: 'leaf' | 'soil';
  client: string;
  farm: string;
  /** day sampled, YYYY-MM-DD */
  dateSampled: string | null;
  samples: LabOrderSample[];
}

export interface PlacedOrder {
  workOrder: string;
  labJobId: string;
}

/** A lab job as its lab answers it: the work order its samples are read under. */
export interface LabJob {
  workOrder: string;
}

/** A sample's published results, under the app's value codes. */
export interface LabSampleResult {
  sampleNumber: string;
  labNumber: string;
  values: Record<string, number>;
}

export interface LabOrderStatus {
  workOrder: string;
  labJobId: string;
  /** every sample of the order has its results */
  complete: boolean;
  /** the samples with results so far */
  samples: LabSampleResult[];
  /**
   * samples the lab sent that could not be read (a NUL, a lone surrogate, too deep, a wrong type: issue 33), each
   * refused on its own with its reason, named by its sample number (or its place in the answer); the others are taken
   */
  refused: { sampleNumber: string; reason: string }[];
}

/**
 * The order calls of an outside lab. Each throws an `OutsideSystemError`: with `status` 4xx when the lab
 * refused what was sent (kept on the submission's row, not retried), without one when it could not be had
 * (unreachable, timed out, 5xx: retried).
 */
export interface LabOrders {
  placeOrder(order: LabOrder): Promise<PlacedOrder>;
  orderStatus(workOrder: string): Promise<LabOrderStatus>;
  /** the lab job of this number, or null when the lab does not know it (a malformed answer is an OutsideSystemError) */
  jobOf(labJobId: string): Promise<LabJob | null>;
}
