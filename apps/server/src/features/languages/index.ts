/** What other server features may use of languages: texts for rendering (reports) in a chosen language. */
export { loadTexts, type Texts } from './texts';
export { REFERENCE_TEXTS } from './languages.seed-data';
