import { z } from 'zod';
import { OutsideSystemError, getJson } from './http-json';
import type { LabCropSource, ProviderCrop } from './lab-crops';

/**
 * The Nvirotek lab: the one module that speaks to it. Configured by NVIROTEK_URL and NVIROTEK_API_KEY
 * (sent as X-Api-Key). Its crop list comes in pages: `{ items: [{ cropId, name, code, laboratory }], page, pageCount }`.
 */
const CropPage = z.object({
  items: z.array(z.object({ cropId: z.union([z.number(), z.string()]), name: z.string().min(1), code: z.string().default(''), laboratory: z.string().default('') })),
  page: z.number().int(),
  pageCount: z.number().int().min(1).max(1000),
});

export function createNvirotekClient(cfg: { url?: string; apiKey?: string; timeoutMs: number }): LabCropSource {
  return {
    provider: 'Nvirotek',
    configured: !!cfg.url,
    async listCrops() {
      if (!cfg.url) throw new OutsideSystemError('Nvirotek is not configured (NVIROTEK_URL is not set)');
      const crops: ProviderCrop[] = [];
      for (let page = 1, pageCount = 1; page <= pageCount; page++) {
        const url = new URL('/api/v1/crops', cfg.url);
        url.searchParams.set('page', String(page));
        const parsed = CropPage.safeParse(await getJson('Nvirotek', url, cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {}, cfg.timeoutMs));
        if (!parsed.success) throw new OutsideSystemError('Nvirotek answered something that is not its crop list');
        pageCount = parsed.data.pageCount;
        for (const c of parsed.data.items) crops.push({ externalId: String(c.cropId), name: c.name.trim(), shortCode: c.code.trim(), lab: c.laboratory.trim() });
      }
      return crops;
    },
  };
}
