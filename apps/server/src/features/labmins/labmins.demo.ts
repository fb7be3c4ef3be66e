import type { AppDeps } from '../../http/context';
import { createNvirotekClient } from '../../platform/integrations/nvirotek.client';
import { createWynlandClient } from '../../platform/integrations/wynland.client';
import { LabCropsRepository } from './labmins.repository';
import { LabCropsService } from './labmins.service';

/**
 * Demo data: the lab crops as the labs list them, pulled through the same sync a user runs (npm start and
 * npm run dev start the labs' stand-ins). A lab that cannot be reached leaves its list empty, and says so.
 */
export async function seedLabCropsDemo({ db, config, log }: AppDeps): Promise<void> {
  const timeoutMs = config.LABS_TIMEOUT_MS;
  const labs = {
    nvirotek: createNvirotekClient({ url: config.NVIROTEK_URL, apiKey: config.NVIROTEK_API_KEY, timeoutMs }),
    wynland: createWynlandClient({ url: config.WYNLAND_URL, apiKey: config.WYNLAND_API_KEY, timeoutMs }),
  };
  if (!labs.nvirotek.configured && !labs.wynland.configured) return;
  const result = await new LabCropsService(db, new LabCropsRepository(db), labs).sync(null);
  for (const p of result.providers) if (!p.ok) log.warn(`demo lab crops: ${p.error}`);
}
