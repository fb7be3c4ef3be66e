import { settingsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { SettingsService } from './settings.service';

export function registerSettings(registrar: Registrar, settings: SettingsService): void {
  registrar.feature(settingsEndpoints, {
    get: () => settings.get(),
    update: (input, ctx) => settings.updateLimits(input, ctx.user.id),
  });
}
