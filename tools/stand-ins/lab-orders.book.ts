import { generator, leafValues, soilValues } from '@sapwood/contracts';

/**
 * The order book both outside-lab stand-ins keep (each answers it in its own shapes): orders by the app's
 * reference (the same reference again is the same order: sending twice never makes two), a work order and a
 * job number each, and per sample a lab number and plausible values that are published later — by the test
 * (`publish`), by the order's answer (`answer`: ready, partial, refused, late, unknown), or, with `autoPublish`,
 * a few more samples each time the order is read (the demo and `npm run dev`: results trickle in as the app polls).
 * A lab may reuse a work order for a new order of its own, under a new lab job (`reissue`, undone by `undoReissue`):
 * reading the work order then answers the new job and its samples. A lab job can also be made without an order from
 * the app (`addJob`: samples that reached the lab another way, the job a user then links by hand); each job has its
 * work order, which the lab answers when asked for the job (`job`).
 */
export interface BookSample {
  sampleNumber: string;
  labNumber: string;
  published: boolean;
  /** under the app's value codes (LEAF_RESULT_VALUES, FARMERS_RESULT_VALUES) */
  values: Record<string, number>;
  /** a sample the lab reports that the app never sent (answer 'unknown'): its number matches no sample of the order */
  extra?: boolean;
  /** the sample number the app sent, when the lab reports the sample under another one (answer 'unknown' with `renamed`) */
  sent?: string;
}

/**
 * How the lab answers an order. Each names one way a real lab behaves, so a test can drive it:
 * - `manual` (the default): nothing is published until the test calls `publish` (or `autoPublish` trickles it);
 * - `ready`: every sample's results are published as soon as the order is made;
 * - `partial`: the first `count` samples (default: half, rounded up) are published when the order is made, the
 *   rest stay pending (until `publish`);
 * - `refused`: the order is refused (Nvirotek 422, Wynland 400) with `message` in the lab's words; no order is made;
 * - `late`: the first `reads` reads of the order (default 3) show nothing published, then every sample is;
 * - `unknown`: every sample is published, and the lab also reports `extra` samples (default 1) the app never
 *   sent (`EXTRA-1`, `EXTRA-2`, …), and reports the last `renamed` samples (default 0) under another sample
 *   number (`{sent}-R`), as a lab that mistyped them would.
 */
export type LabAnswer =
  | { mode: 'manual' }
  | { mode: 'ready' }
  | { mode: 'partial'; count?: number }
  | { mode: 'refused'; message?: string }
  | { mode: 'late'; reads?: number }
  | { mode: 'unknown'; extra?: number; renamed?: number };

/**
 * Which orders an answer is for: none given, every order made from now on (the test's default); `client`, the
 * orders of that client (the app sends the submission's client name; a test knows it before it submits);
 * `reference`, the order of that app reference; `workOrder`, an order already made (its answer from now on:
 * a late order made ready, a partial one completed).
 */
export interface AnswerFor {
  client?: string;
  reference?: string;
  workOrder?: string;
}

export const REFUSED_BY_DEFAULT = 'the laboratory cannot take this order';

export interface BookOrder {
  reference: string;
  workOrder: string;
  jobNumber: string;
  kind: 'leaf' | 'soil';
  client: string;
  samples: BookSample[];
  answer: LabAnswer;
  /** how often the order was read */
  reads: number;
}

export interface OrderBook {
  /** the orders the lab has made, oldest first (a second send of one reference makes none) */
  orders: BookOrder[];
  /** publishes the results of these samples of the order (every sample when none are named) */
  publish(workOrder: string, sampleNumbers?: string[]): void;
  /**
   * a lab job the lab made without an order from the app (samples that reached it another way: a job a user links by
   * hand), under a work order of its own, of `kind` (default leaf), with these samples (none unless given) published at
   * once unless `published` is false. Answers its order (the one it has when the job is known already).
   */
  addJob(jobNumber: string, o?: { kind?: 'leaf' | 'soil'; sampleNumbers?: string[]; published?: boolean }): BookOrder;
  /**
   * the lab reuses work order `workOrder` for a new order of its own (a new lab job, other samples: `sampleNumbers`,
   * default REISSUED-1 and REISSUED-2, published at once unless `published` is false): reading the work order
   * answers the new order from now on. Answers the new order, or undefined when the lab has no such work order.
   */
  reissue(workOrder: string, o?: { sampleNumbers?: string[]; published?: boolean }): BookOrder | undefined;
  /** the lab corrects a reissue: the work order answers the order it had before its last reissue again */
  undoReissue(workOrder: string): void;
  /** how the lab answers the orders `to` names (see LabAnswer and AnswerFor); a later call for the same orders replaces it */
  answer(answer: LabAnswer, to?: AnswerFor): void;
  /** back to answering every order `manual` (the rules of `answer` forgotten; orders made keep theirs) */
  resetAnswers(): void;
}

export type Placed = { order: BookOrder; created: boolean } | { refused: string };

export interface Book extends OrderBook {
  place(reference: string, kind: 'leaf' | 'soil', sampleNumbers: string[], client?: string): Placed;
  /** the order as it is read now (publishing what its answer or `autoPublish` publishes by now first) */
  read(workOrder: string): BookOrder | undefined;
  /** the order made under a lab job (its work order, its kind), or undefined for a job the lab does not know */
  job(jobNumber: string): BookOrder | undefined;
}

/**
 * A tag for the numbers of a stand-in started on its own (`npm start`, `npm run dev`): its book lives in memory, so
 * a restarted stand-in would number its orders, jobs and lab samples from 1 again, and hand a new order the work
 * order of one the app already holds from before the restart (the app then read the new order's results for the
 * old submission too). The seconds of the start, in base 36, keep each run's numbers apart. Tests start untagged.
 */
export function runTag(now = Date.now()): string {
  return Math.floor(now / 1000).toString(36).toUpperCase();
}

/** `name` with the run's tag in front of its number (`NV-WO-` + `S4K2QZ-` + `00001`), or as it is when untagged. */
export const tagged = (tag: string | undefined, prefix: string, number: string) => (tag ? `${prefix}${tag}-${number}` : `${prefix}${number}`);

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** Publishes what the answer publishes when the order is made. */
function onPlaced(order: BookOrder, newSample: (sampleNumber: string, extra: boolean) => BookSample): void {
  const a = order.answer;
  if (a.mode === 'ready') order.samples.forEach((s) => (s.published = true));
  if (a.mode === 'partial') order.samples.slice(0, a.count ?? Math.ceil(order.samples.length / 2)).forEach((s) => (s.published = true));
  if (a.mode === 'unknown') {
    const renamed = Math.min(a.renamed ?? 0, order.samples.length);
    order.samples.slice(order.samples.length - renamed).forEach((s) => Object.assign(s, { sent: s.sampleNumber, sampleNumber: `${s.sampleNumber}-R` }));
    for (let i = 0; i < (a.extra ?? 1); i++) order.samples.push(newSample('', true));
    order.samples.forEach((s) => (s.published = true));
  }
}

/** The order a lab makes under `before`'s work order for a new lab job of its own (`reissue`): its samples published unless told not. */
function reissuedOrder(before: BookOrder, reference: string, jobNumber: string, sample: (sampleNumber: string, extra: boolean) => BookSample, o: { sampleNumbers?: string[]; published?: boolean }): BookOrder {
  return {
    reference, kind: before.kind, client: 'Another client of the lab', workOrder: before.workOrder, jobNumber, answer: { mode: 'manual' }, reads: 0,
    samples: (o.sampleNumbers ?? ['REISSUED-1', 'REISSUED-2']).map((s) => ({ ...sample(s, false), published: o.published ?? true })),
  };
}

/** The order of a lab job the lab made without an order from the app (`addJob`): its samples published unless told not. */
function ownJobOrder(jobNumber: string, workOrder: string, sample: (sampleNumber: string, extra: boolean) => BookSample, o: { kind?: 'leaf' | 'soil'; sampleNumbers?: string[]; published?: boolean }): BookOrder {
  return {
    reference: `job-${jobNumber}`, kind: o.kind ?? 'leaf', client: 'A client of the lab', workOrder, jobNumber, answer: { mode: 'manual' }, reads: 0,
    samples: (o.sampleNumbers ?? []).map((x) => ({ ...sample(x, false), published: o.published ?? true })),
  };
}

/** `undoReissue`: the work order's last reissue taken away (never the order made under it). */
function undoReissue(orders: BookOrder[], workOrder: string): void {
  const last = orders.findLastIndex((o) => o.workOrder === workOrder);
  if (last > orders.findIndex((o) => o.workOrder === workOrder)) orders.splice(last, 1);
}

export function orderBook(names: { workOrder: (n: number) => string; jobNumber: (n: number) => string; labNumber: (n: number) => string }, autoPublish = 0): Book {
  const orders: BookOrder[] = [];
  let labNumbers = 0;
  let extras = 0;
  // orders and reissues numbered (a reissue takes a job number of its own, never given again)
  let numbered = 0;
  /** the order a work order stands for now: its last reissue, else the order made under it */
  const current = (workOrder: string) => orders.findLast((o) => o.workOrder === workOrder);
  let rules: { to: AnswerFor; answer: LabAnswer }[] = [];
  const answerOf = (reference: string, client: string): LabAnswer => {
    const byRef = rules.findLast((r) => r.to.reference === reference);
    const byClient = rules.findLast((r) => r.to.client !== undefined && r.to.client.trim().toLowerCase() === client.trim().toLowerCase());
    const all = rules.findLast((r) => !r.to.reference && r.to.client === undefined && !r.to.workOrder);
    return (byRef ?? byClient ?? all)?.answer ?? { mode: 'manual' };
  };
  const newSample = (reference: string, kind: 'leaf' | 'soil') => (sampleNumber: string, extra: boolean): BookSample => {
    const number = extra ? `EXTRA-${++extras}` : sampleNumber;
    const r = generator(hash(`${reference}/${number}`));
    return { sampleNumber: number, labNumber: names.labNumber(++labNumbers), published: false, values: kind === 'leaf' ? leafValues(r) : soilValues(r), ...(extra ? { extra } : {}) };
  };
  const book: Book = {
    orders,
    place(reference, kind, sampleNumbers, client = '') {
      const known = orders.find((o) => o.reference === reference);
      if (known) return { order: known, created: false };
      const answer = answerOf(reference, client);
      if (answer.mode === 'refused') return { refused: answer.message ?? REFUSED_BY_DEFAULT };
      const n = ++numbered;
      const sample = newSample(reference, kind);
      const order: BookOrder = {
        reference, kind, client, workOrder: names.workOrder(n), jobNumber: names.jobNumber(n), answer, reads: 0,
        samples: sampleNumbers.map((s) => sample(s, false)),
      };
      onPlaced(order, sample);
      orders.push(order);
      return { order, created: true };
    },
    publish(workOrder, sampleNumbers) {
      const order = current(workOrder);
      for (const s of order?.samples ?? []) if (!sampleNumbers || sampleNumbers.includes(s.sampleNumber) || (s.sent && sampleNumbers.includes(s.sent))) s.published = true;
    },
    read(workOrder) {
      const order = current(workOrder);
      if (!order) return undefined;
      order.reads += 1;
      if (order.answer.mode === 'late' && order.reads > (order.answer.reads ?? 3)) order.samples.forEach((s) => (s.published = true));
      if (order.answer.mode === 'manual' && autoPublish > 0) order.samples.filter((s) => !s.published).slice(0, autoPublish).forEach((s) => (s.published = true));
      return order;
    },
    addJob(jobNumber, o = {}) {
      const order = book.job(jobNumber) ?? ownJobOrder(jobNumber, names.workOrder(++numbered), newSample(`job-${jobNumber}`, o.kind ?? 'leaf'), o);
      if (!orders.includes(order)) orders.push(order);
      return order;
    },
    reissue(workOrder, o = {}) {
      const before = current(workOrder);
      if (!before) return undefined;
      const n = ++numbered;
      const order = reissuedOrder(before, `reissued-${n}`, names.jobNumber(n), newSample(`reissued-${n}`, before.kind), o);
      orders.push(order);
      return order;
    },
    undoReissue: (workOrder) => undoReissue(orders, workOrder),
    answer(answer, to = {}) {
      if (to.workOrder) {
        const order = current(to.workOrder);
        if (order) {
          order.answer = answer;
          if (answer.mode === 'ready') order.samples.forEach((s) => (s.published = true));
        }
        return;
      }
      rules = [...rules.filter((r) => r.to.reference !== to.reference || r.to.client !== to.client), { to: { ...to }, answer }];
    },
    resetAnswers() {
      rules = [];
    },
    job: (jobNumber) => orders.find((o) => o.jobNumber === jobNumber),
  };
  return book;
}

/**
 * The stand-ins' control of the answers over HTTP, for a developer or a test driving a stand-in in another
 * process: POST /__control/answer `{ answer: LabAnswer, client?, reference?, workOrder? }`,
 * POST /__control/answer/reset, POST /__control/publish `{ workOrder, sampleNumbers? }`,
 * POST /__control/reissue `{ workOrder, sampleNumbers?, published? }` (the lab reuses the work order for a new
 * lab job: `reissue`), POST /__control/reissue/undo `{ workOrder }`, POST /__control/job `{ jobNumber, kind?, sampleNumbers?,
 * published? }` (a lab job made without an order from the app: `addJob`). Answers true when `path` is one of them.
 */
export function answerControl(book: OrderBook, path: string, body: Record<string, unknown>): boolean {
  if (path === '/__control/answer') book.answer(body.answer as LabAnswer, { client: body.client as string | undefined, reference: body.reference as string | undefined, workOrder: body.workOrder as string | undefined });
  else if (path === '/__control/answer/reset') book.resetAnswers();
  else if (path === '/__control/publish') book.publish(String(body.workOrder), body.sampleNumbers as string[] | undefined);
  else if (path === '/__control/reissue') book.reissue(String(body.workOrder), { sampleNumbers: body.sampleNumbers as string[] | undefined, published: body.published as boolean | undefined });
  else if (path === '/__control/reissue/undo') book.undoReissue(String(body.workOrder));
  else if (path === '/__control/job') book.addJob(String(body.jobNumber), { kind: body.kind === 'soil' ? 'soil' : 'leaf', sampleNumbers: body.sampleNumbers as string[] | undefined, published: body.published as boolean | undefined });
  else return false;
  return true;
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

/** A lab stand-in as a test drives it: its crops, and its order book's orders and controls. */
export function withBook<L extends object, C>(lab: L, book: OrderBook, crops: C) {
  return Object.assign(lab, {
    crops, orders: book.orders, publish: book.publish, addJob: book.addJob, answer: book.answer, resetAnswers: book.resetAnswers, reissue: book.reissue, undoReissue: book.undoReissue,
  });
}
