import type { TextKey } from '../../platform/features/feature-module';

/**
 * The reference texts every installation starts with: [key, frontend, English, Afrikaans].
 * English texts are the spec's exact wording. Frontend keys are the web app's own labels (loaded by
 * /api/language/keyslookup); the others are report texts (loaded by `loadTexts`). Placeholders in
 * braces ({page}, {pages}, {date}) are filled in by the caller.
 *
 * These are the shell's and shared keys. A feature declares its own keys in its module (`textKeys` of
 * FeatureModule, e.g. the carbohydrate report's); the reference seed adds both (apps/server/src/features.ts).
 */
export const REFERENCE_TEXTS: TextKey[] = [
  // side menu: groups, then one item per route (key `menu.<path without slash>`)
  ['menu.group.leaf', true, 'ITest Leaf', 'ITest Blaar'],
  ['menu.group.carbohydrates', true, 'ITest Carbohydrates', 'ITest Koolhidrate'],
  ['menu.group.farmersSample', true, 'ITest Farmers Sample', 'ITest Boeremonsters'],
  ['menu.group.lab', true, 'Lab', 'Lab'],
  ['menu.group.configuration', true, 'Configuration', 'Konfigurasie'],
  ['menu.group.management', true, 'Management', 'Bestuur'],
  ['menu.leafs', true, 'Entries', 'Inskrywings'],
  ['menu.submissions', true, 'Submissions', 'Voorleggings'],
  ['menu.carbohydrates', true, 'Results', 'Uitslae'],
  ['menu.carbohydratestissues', true, 'Tissues', 'Weefsels'],
  ['menu.carbohydratesgrowths', true, 'Growths', 'Groeistadiums'],
  ['menu.farmerssampleentries', true, 'Entries', 'Inskrywings'],
  ['menu.farmerssamplesubmissions', true, 'Submissions', 'Voorleggings'],
  ['menu.labjobs', true, 'Jobs', 'Take'],
  ['menu.labmins', true, 'Labmin', 'Labmin'],
  ['menu.crops', true, 'Crop', 'Gewas'],
  ['menu.drisgraphs', true, 'DrisGraphs', 'DRIS-grafieke'],
  ['menu.users', true, 'Users', 'Gebruikers'],
  ['menu.roles', true, 'Roles', 'Rolle'],
  ['menu.languages', true, 'Language', 'Taal'],
  ['menu.addresses', true, 'Address', 'Adres'],
  ['menu.distributors', true, 'Distributors', 'Verspreiders'],
  ['menu.farms', true, 'Farms', 'Plase'],
  ['menu.settings', true, 'Settings', 'Instellings'],
  ['menu.agronomist', true, 'Agronomist', 'Agronoom'],
  ['menu.agent', true, 'Agent', 'Agent'],
  ['menu.depot', true, 'Depot', 'Depot'],
  ['menu.errors', true, 'Errors', 'Foute'],
  // shell and banners
  ['shell.logout', true, 'Logout', 'Teken uit'],
  ['shell.version', true, 'Version', 'Weergawe'],
  ['banner.testing', true, 'This is a testing environment.', "Hierdie is 'n toetsomgewing."],
  ['banner.newVersion', true, 'New version is available. Please save your work and update.', "'n Nuwe weergawe is beskikbaar. Stoor asseblief jou werk en dateer op."],
  ['banner.update', true, 'Update', 'Dateer op'],
  // sign-in
  ['login.subtitle', true, 'Sign in to continue', 'Teken in om voort te gaan'],
  ['login.email', true, 'Email', 'E-pos'],
  ['login.password', true, 'Password', 'Wagwoord'],
  ['login.signIn', true, 'Sign in', 'Teken in'],
  ['login.forgot', true, 'Forgot your password?', 'Wagwoord vergeet?'],
  // settings
  ['settings.limits', true, 'Limits', 'Limiete'],
  ['settings.sugarMax', true, 'Sugar Max', 'Suiker Maks'],
  ['settings.starchMax', true, 'Starch Max', 'Stysel Maks'],
  // shared buttons
  ['common.save', true, 'Save', 'Stoor'],
  ['common.update', true, 'Update', 'Dateer op'],
  ['common.cancel', true, 'Cancel', 'Kanselleer'],
  ['common.edit', true, 'Edit', 'Wysig'],
  ['common.delete', true, 'Delete', 'Skrap'],
  ['common.name', true, 'Name', 'Naam'],
  // language admin
  ['languages.tab.languages', true, 'Languages', 'Tale'],
  ['languages.tab.keys', true, 'Keys', 'Sleutels'],
  ['languages.addLanguage', true, 'Add Language', 'Voeg taal by'],
  ['languages.addKey', true, 'Add key', 'Voeg sleutel by'],
  ['languages.key', true, 'Key', 'Sleutel'],
  ['languages.frontend', true, 'Frontend', 'Voorkant'],
  ['languages.language', true, 'Language', 'Taal'],
  // report texts shared by reports (the carbohydrate report's own keys: its module's textKeys)
  ['report.distributor', false, 'Distributor', 'Verspreider'],
  ['report.labNumber', false, 'Lab Number', 'Labnommer'],
  ['report.crop', false, 'Crop', 'Gewas'],
  ['report.cultivar', false, 'Cultivar', 'Kultivar'],
  ['report.region', false, 'Region', 'Streek'],
  ['report.date', false, 'Date', 'Datum'],
  ['report.generated', false, 'Generated on {date}', 'Gegenereer op {date}'],
  ['report.footer', false, 'Results relate only to the samples tested.', 'Uitslae het slegs betrekking op die monsters wat getoets is.'],
  // leaf and farmers' sample reports
  ['report.leaf.title', false, 'Leaf Analysis Report', 'Blaarontledingsverslag'],
  ['report.leaf.plantSays', false, 'What does your plant say?', 'Wat sê jou plant?'],
  ['report.leaf.recommendation', false, 'Recommendation', 'Aanbeveling'],
  ['report.farmers.title', false, "Farmer's Sample Report", 'Boeremonsterverslag'],
  ['report.element', false, 'Element', 'Element'],
  ['report.value', false, 'Value', 'Waarde'],
  ['report.norm', false, 'Norm', 'Norm'],
  ['report.deficient', false, 'Deficient', 'Tekort'],
  ['report.excess', false, 'Excess', 'Oormaat'],
  ['report.guidelines', false, 'Guidelines', 'Riglyne'],
  ['report.index', false, 'Index', 'Indeks'],
  ['report.notApplicable', false, 'N/A', 'N.v.t.'],
];
