import { generator, leafValues, soilValues } from '@sapwood/contracts';

/**
 * The order book both outside-lab stand-ins keep (each answers it in its own shapes): orders by the app's
 * reference (the same reference again is the same order: sending twice never makes two), a work order and a
 * job number each, and per sample a lab number and plausible values that are published later — by the test
 * (`publish`) or, with `autoPublish`, a few more samples each time the order is read (the demo and
 * `npm run dev`: results trickle in as the app polls).
 */
export interface BookSample {
  sampleNumber: string;
  labNumber: string;
  published: boolean;
  /** under the app's value codes (LEAF_RESULT_VALUES, FARMERS_RESULT_VALUES) */
  values: Record<string, number>;
}

export interface BookOrder {
  reference: string;
  workOrder: string;
  jobNumber: string;
  kind: 'leaf' | 'soil';
  samples: BookSample[];
}

export interface OrderBook {
  /** the orders the lab has made, oldest first (a second send of one reference makes none) */
  orders: BookOrder[];
  /** publishes the results of these samples of the order (every sample when none are named) */
  publish(workOrder: string, sampleNumbers?: string[]): void;
  /** a lab job the lab knows without an order from the app (one linked by hand) */
  addJob(jobNumber: string): void;
}

export interface Book extends OrderBook {
  place(reference: string, kind: 'leaf' | 'soil', sampleNumbers: string[]): { order: BookOrder; created: boolean };
  /** the order as it is read now (publishing `autoPublish` more samples first) */
  read(workOrder: string): BookOrder | undefined;
  hasJob(jobNumber: string): boolean;
}

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

export function orderBook(names: { workOrder: (n: number) => string; jobNumber: (n: number) => string; labNumber: (n: number) => string }, autoPublish = 0): Book {
  const orders: BookOrder[] = [];
  const jobs = new Set<string>();
  let labNumbers = 0;
  const book: Book = {
    orders,
    place(reference, kind, sampleNumbers) {
      const known = orders.find((o) => o.reference === reference);
      if (known) return { order: known, created: false };
      const n = orders.length + 1;
      const order: BookOrder = {
        reference, kind, workOrder: names.workOrder(n), jobNumber: names.jobNumber(n),
        samples: sampleNumbers.map((sampleNumber) => {
          const r = generator(hash(`${reference}/${sampleNumber}`));
          return { sampleNumber, labNumber: names.labNumber(++labNumbers), published: false, values: kind === 'leaf' ? leafValues(r) : soilValues(r) };
        }),
      };
      orders.push(order);
      jobs.add(order.jobNumber);
      return { order, created: true };
    },
    publish(workOrder, sampleNumbers) {
      const order = orders.find((o) => o.workOrder === workOrder);
      for (const s of order?.samples ?? []) if (!sampleNumbers || sampleNumbers.includes(s.sampleNumber)) s.published = true;
    },
    read(workOrder) {
      const order = orders.find((o) => o.workOrder === workOrder);
      if (order && autoPublish > 0) order.samples.filter((s) => !s.published).slice(0, autoPublish).forEach((s) => (s.published = true));
      return order;
    },
    addJob(jobNumber) {
      jobs.add(jobNumber);
    },
    hasJob: (jobNumber) => jobs.has(jobNumber),
  };
  return book;
}

/** What an order must hold, in the lab's words, or null when it is fine. */
export function orderProblem(reference: unknown, samples: { sampleNumber: unknown; cropCode?: unknown }[] | undefined, crops: string[] | null): string | null {
  if (typeof reference !== 'string' || !reference.trim()) return 'reference required';
  if (!Array.isArray(samples) || samples.length === 0) return 'an order needs at least one sample';
  const seen = new Set<string>();
  for (const s of samples) {
    if (typeof s.sampleNumber !== 'string' || !s.sampleNumber.trim()) return 'every sample needs a sample number';
    const key = s.sampleNumber.trim().toLowerCase();
    if (seen.has(key)) return `sample ${s.sampleNumber} appears twice`;
    seen.add(key);
    if (crops && !crops.includes(String(s.cropCode ?? ''))) return `sample ${s.sampleNumber}: unknown crop code '${String(s.cropCode ?? '')}'`;
  }
  return null;
}
