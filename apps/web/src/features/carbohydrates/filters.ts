/** The search panel's filters of the results lists (FilterPanel.tsx): none chosen is every entry. */
export interface FilterValues {
  client: string;
  farmName: string;
  fieldBlockNumber: string;
  cropId: number;
  cropGrowthId: number;
  organ: number;
}
export const NO_FILTERS: FilterValues = { client: '', farmName: '', fieldBlockNumber: '', cropId: 0, cropGrowthId: 0, organ: 0 };
