import type { AppDeps } from './http/context';
import type { Registrar } from './http/registrar';
import type { AuthService } from './platform/auth/auth.service';
import { registerUsers } from './features/users/users.routes';
import { registerRoles } from './features/roles/roles.routes';
import { registerAgronomists } from './features/agronomists/agronomists.routes';

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
  registerUsers(registrar, deps, platform);
  registerRoles(registrar, deps);
  registerAgronomists(registrar, deps);
}
