import type { RefusedRecord } from './outside-record';
import type { LabOrders } from './lab-orders';

/** A crop as an outside lab lists it, in the app's words (each lab's client maps its own shape to this). */
export interface ProviderCrop {
  /** the lab's own id of the crop (unique per lab) */
  externalId: string;
  name: string;
  shortCode: string;
  lab: string;
}

/** What the app asks of an outside lab's crop list. */
export interface LabCropSource {
  readonly provider: 'Nvirotek' | 'Wynland';
  /** the lab's URL is set */
  readonly configured: boolean;
  /**
   * the lab's whole crop list, each crop read on its own (a bad one is refused with its reason, the others
   * taken: issue 33); `onPage` hears of each page read (its number and the page count), for a job's progress.
   * Throws an OutsideSystemError saying why the list could not be had (nothing half-read).
   */
  listCrops(onPage?: (page: number, pageCount: number) => Promise<void> | void): Promise<{ crops: ProviderCrop[]; refused: RefusedRecord[] }>;
}

/** An outside lab as the features receive it: its crop list and its orders. */
export type LabClient = LabCropSource & LabOrders;

/** Both outside labs, as the features receive them. */
export interface Labs {
  nvirotek: LabClient;
  wynland: LabClient;
}
