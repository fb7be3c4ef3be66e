import { z } from 'zod';
import { OutsideSystemError, getBytes, getJson } from './http-json';
import { recordProblem, storableCopy, textProblem } from './outside-record';

/**
 * The field capture app's service: the one module that speaks to it. Configured by CAPTURE_URL and
 * CAPTURE_API_KEY (sent as X-Api-Key), CAPTURE_TIMEOUT_MS. Captures come in pages,
 * `{ items, page, pageCount }`; each item is kept as it came (the original) and only its id and
 * update time are required here — whether it can be imported is the intake's decision. Each capture is checked on
 * its own (outside-record.ts): one the database could not take comes with its `problem` and a storable copy of it,
 * one without a usable id is told as `unreadable` (where it was and why); the others are not held back by either.
 */
const Id = z.union([z.string().min(1).max(200).refine((s) => textProblem(s) === null), z.number().int().nonnegative()]);
const Item = z.looseObject({ id: Id });
const CapturePage = z.object({ items: z.array(z.unknown()), page: z.number().int(), pageCount: z.number().int().min(1).max(100_000) });

export interface RawCapture {
  key: string;
  updatedAt: string;
  /** as sent, or (when it has a `problem`) a storable copy */
  original: Record<string, unknown>;
  /** why the capture cannot be stored as it came (a NUL in a field, nesting too deep…), or null */
  problem: string | null;
}

/** The captures of a kind, and those of its list that could not even be told apart (no usable id). */
export interface CaptureList {
  captures: RawCapture[];
  unreadable: { where: string; reason: string }[];
}

export interface CaptureSource {
  configured: boolean;
  /**
   * every capture of a kind, all pages; throws OutsideSystemError when any page fails (nothing half-read).
   * `onPage` hears of each page read (its number and the page count), e.g. for a job's progress.
   */
  list(kind: 'leaf' | 'soil', onPage?: (page: number, pageCount: number) => Promise<void> | void): Promise<CaptureList>;
  /** one capture as the app holds it now */
  one(kind: 'leaf' | 'soil', key: string): Promise<RawCapture>;
  /** a photo the app names (a path on the app, or a full URL on it) */
  photo(path: string): Promise<Uint8Array>;
}

export function createCaptureClient(cfg: { url?: string; apiKey?: string; timeoutMs: number }): CaptureSource {
  return {
    configured: !!cfg.url,
    async list(kind, onPage) {
      if (!cfg.url) throw new OutsideSystemError('The capture app is not configured (CAPTURE_URL is not set)');
      const out: CaptureList = { captures: [], unreadable: [] };
      for (let page = 1, pageCount = 1; page <= pageCount; page++) {
        const url = new URL('/api/captures', cfg.url);
        url.searchParams.set('kind', kind);
        url.searchParams.set('page', String(page));
        const parsed = CapturePage.safeParse(await getJson('The capture app', url, cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {}, cfg.timeoutMs));
        if (!parsed.success) throw new OutsideSystemError('The capture app answered something that is not its capture list');
        pageCount = parsed.data.pageCount;
        parsed.data.items.forEach((raw, i) => {
          const item = Item.safeParse(raw);
          if (item.success) out.captures.push(rawCapture(item.data));
          else out.unreadable.push({ where: `page ${page}, capture ${i + 1}`, reason: 'it has no usable id' });
        });
        await onPage?.(page, pageCount);
      }
      return out;
    },
    async one(kind, key) {
      if (!cfg.url) throw new OutsideSystemError('The capture app is not configured (CAPTURE_URL is not set)');
      const url = new URL(`/api/captures/${encodeURIComponent(key)}`, cfg.url);
      url.searchParams.set('kind', kind);
      const item = Item.safeParse(await getJson('The capture app', url, cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {}, cfg.timeoutMs));
      if (!item.success) throw new OutsideSystemError('The capture app answered something that is not a capture');
      const one = rawCapture(item.data);
      if (one.problem) throw new OutsideSystemError(`The capture app sent capture ${one.key}, which cannot be read: ${one.problem}`);
      return one;
    },
    async photo(path) {
      if (!cfg.url) throw new OutsideSystemError('The capture app is not configured (CAPTURE_URL is not set)');
      const url = new URL(path, cfg.url);
      // only photos of the capture app itself, never a URL elsewhere that a capture might name
      if (url.origin !== new URL(cfg.url).origin) throw new OutsideSystemError('The capture names a photo outside the capture app');
      return getBytes('The capture app', url, cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {}, cfg.timeoutMs, 10 * 1024 * 1024);
    },
  };
}

function rawCapture(item: { id: string | number } & Record<string, unknown>): RawCapture {
  const problem = recordProblem(item);
  const updatedAt = typeof item.updatedAt === 'string' && item.updatedAt.length <= 100 && textProblem(item.updatedAt) === null ? item.updatedAt : '';
  return { key: String(item.id), updatedAt, original: problem ? (storableCopy(item) as Record<string, unknown>) : item, problem };
}
