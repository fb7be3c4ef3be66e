import type { Locator, Page } from 'playwright-core';

/**
 * The Prepare dialog's header filled as a user fills it: the entity and farm typed, the agent, depot and agronomist
 * picked from their lists (the fixtures' Agent Smith, Tzaneen depot and Dr Nel).
 */
export async function fillPrepareHeader(page: Page, dialog: Locator, entity: string, farm: string): Promise<void> {
  await dialog.getByLabel('Entity Name').fill(entity);
  await dialog.getByLabel('Farm Name').fill(farm);
  for (const [name, option] of [['Agent', 'Agent Smith'], ['Depot', 'Tzaneen depot'], ['Agronomist', 'Dr Nel']]) {
    await dialog.getByRole('textbox', { name }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
}
