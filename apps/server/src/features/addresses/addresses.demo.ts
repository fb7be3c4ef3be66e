import type { Db } from '../../db/database';
import { AddressesService } from './addresses.service';

/** One illustrative company address (the default) for a first start with demo data. */
export async function seedAddressesDemo(db: Db): Promise<void> {
  const addresses = new AddressesService(db);
  if ((await addresses.index()).length > 0) return;
  await addresses.upsert({
    id: 0, name: 'Sapwood Laboratory (demo)', addressLine: '1 Demo Road', area: 'Stellenbosch', code: '7600',
    number: '021 000 0000', email: 'lab@sapwood.example', website: 'www.sapwood.example', filePrefix: 'SPW',
    logoWord: 'SAPWOOD', isDefault: true,
  }, null);
}
