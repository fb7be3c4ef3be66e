/** Every permission name of the product (spec part 1 §3). Admin grants everything. */
export const PERMISSIONS = [
  'Users', 'Roles', 'Leafs', 'Submissions', 'Labmin', 'Crop', 'Language', 'Address', 'Distributors', 'Admin',
  'CarbohydrateEntries', 'CarbohydrateTissues', 'Settings', 'Agronomists', 'FarmersSampleSubmissions',
  'FarmersSampleEntries', 'Agents', 'Depots', 'LeafResults', 'SubmissionsPrepare', 'SubmissionsWaitingForLab',
  'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete', 'LabResults', 'LabJobs', 'DrisGraphs',
  'ControlMaterials', 'QcRelease',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** How the role dialog groups its checkboxes; sent to the client in the start-up data. */
export const PERMISSION_GROUPS: { group: string; permissions: Permission[] }[] = [
  { group: 'ITest Leaf', permissions: ['Leafs', 'LeafResults', 'Submissions', 'SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete'] },
  { group: 'ITest Carbohydrates', permissions: ['CarbohydrateEntries', 'CarbohydrateTissues'] },
  { group: 'ITest Farmers Sample', permissions: ['FarmersSampleEntries', 'FarmersSampleSubmissions'] },
  { group: 'Lab', permissions: ['LabJobs', 'LabResults', 'ControlMaterials', 'QcRelease'] },
  { group: 'Configuration', permissions: ['Labmin', 'Crop', 'DrisGraphs'] },
  { group: 'Management', permissions: ['Users', 'Roles', 'Language', 'Address', 'Distributors', 'Settings', 'Agronomists', 'Agents', 'Depots', 'Admin'] },
];

export function hasPermission(held: readonly string[], needed: Permission): boolean {
  return held.includes('Admin') || held.includes(needed);
}
