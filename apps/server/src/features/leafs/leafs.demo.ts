import type { AppDeps } from '../../http/context';
import { createCaptureClient } from '../../platform/integrations/capture.client';
import { CapturesService } from './captures.service';

/**
 * Demo data: the captures of the capture app's stand-in (npm start and npm run dev start it), pulled through
 * the same sync a user runs. A capture app that cannot be reached leaves the lists empty, and says so.
 */
export async function seedCapturesDemo({ db, config, log }: AppDeps): Promise<void> {
  const source = createCaptureClient({ url: config.CAPTURE_URL, apiKey: config.CAPTURE_API_KEY, timeoutMs: config.CAPTURE_TIMEOUT_MS });
  if (!source.configured) return;
  const service = new CapturesService(db, source);
  for (const kind of ['leaf', 'soil'] as const) {
    const r = await service.sync(kind, null);
    if (!r.ok) log.warn(`demo captures (${kind}): ${r.error}`);
  }
}
