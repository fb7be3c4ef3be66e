import { createContext, useContext } from 'react';
import type { Permission } from '@sapwood/contracts';

export interface MenuItem {
  label: string;
  path: string;
  permission: Permission;
  /** its text key (Keys tab) */
  key: string;
}
export interface MenuGroup {
  group: string;
  /** its text key (Keys tab) */
  key: string;
  items: MenuItem[];
}

/** The side menu, collected by the app from the features' screens (`app/menu.ts`) and given to the shell's parts. */
export const MenuContext = createContext<readonly MenuGroup[]>([]);

/** The menu item of a route, if the menu has one. */
export function useMenuItem(path: string): MenuItem | undefined {
  return useContext(MenuContext).flatMap((g) => g.items).find((i) => i.path === path);
}
