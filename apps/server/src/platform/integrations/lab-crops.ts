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
  /** the lab's whole crop list; throws an OutsideSystemError saying why it could not be had */
  listCrops(): Promise<ProviderCrop[]>;
}

/** An outside lab as the features receive it: its crop list and its orders. */
export type LabClient = LabCropSource & LabOrders;

/** Both outside labs, as the features receive them. */
export interface Labs {
  nvirotek: LabClient;
  wynland: LabClient;
}
