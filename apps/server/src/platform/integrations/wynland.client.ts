import { z } from 'zod';
import { OutsideSystemError, getJson } from './http-json';
import type { LabCropSource } from './lab-crops';

/**
 * The Wynland lab: the one module that speaks to it. Configured by WYNLAND_URL and WYNLAND_API_KEY (a bearer
 * token). Its crop list comes whole: `{ crops: [{ Id, Description, ShortCode, Lab }] }`, names in capitals.
 */
const CropList = z.object({
  crops: z.array(z.object({ Id: z.union([z.string(), z.number()]), Description: z.string().min(1), ShortCode: z.string().default(''), Lab: z.string().default('') })),
});

/** 'TABLE GRAPE' → 'Table Grape': the lab writes its names in capitals */
const titleCase = (s: string) => s.trim().toLowerCase().replace(/(^|[\s(/-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());

export function createWynlandClient(cfg: { url?: string; apiKey?: string; timeoutMs: number }): LabCropSource {
  return {
    provider: 'Wynland',
    configured: !!cfg.url,
    async listCrops() {
      if (!cfg.url) throw new OutsideSystemError('Wynland is not configured (WYNLAND_URL is not set)');
      const json = await getJson('Wynland', new URL('/crops', cfg.url), cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}, cfg.timeoutMs);
      const parsed = CropList.safeParse(json);
      if (!parsed.success) throw new OutsideSystemError('Wynland answered something that is not its crop list');
      return parsed.data.crops.map((c) => ({ externalId: String(c.Id), name: titleCase(c.Description), shortCode: c.ShortCode.trim(), lab: c.Lab.trim() }));
    },
  };
}
