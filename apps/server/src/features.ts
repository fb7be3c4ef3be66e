import type { AppDeps } from './http/context';
import type { Registrar } from './http/registrar';
import type { AuthService } from './platform/auth/auth.service';
import { registerCarbohydrates } from './features/carbohydrates/carbohydrates.routes';

/** Platform services a feature may use. */
export interface PlatformServices {
  auth: AuthService;
}

/**
 * Every feature of the product registers its routes here, one line each. A feature lives in
 * features/<name>/ and does not import another feature.
 */
export function registerFeatures(registrar: Registrar, deps: AppDeps, platform: PlatformServices): void {
  void registrar;
  void deps;
  void platform;
  registerCarbohydrates(registrar, deps);
}
