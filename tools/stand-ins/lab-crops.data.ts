/**
 * The crop lists the two outside labs publish, as their stand-ins serve them (realistic South African
 * leaf-analysis crops). Nvirotek numbers its crops and groups them by laboratory; Wynland uses text ids,
 * upper-case descriptions and short codes.
 */
export const NVIROTEK_CROPS: { cropId: number; name: string; code: string; laboratory: string }[] = [
  ['Avocado', 'AVO'], ['Apple', 'APP'], ['Pear', 'PEA'], ['Peach', 'PCH'], ['Plum', 'PLU'], ['Apricot', 'APR'], ['Cherry', 'CHE'],
  ['Citrus - Orange', 'ORA'], ['Citrus - Lemon', 'LEM'], ['Citrus - Mandarin', 'MAN'], ['Citrus - Grapefruit', 'GRF'],
  ['Grape (Wine)', 'GRW'], ['Grape (Table)', 'GRT'], ['Macadamia', 'MAC'], ['Pecan', 'PEC'], ['Walnut', 'WAL'], ['Mango', 'MNG'],
  ['Litchi', 'LIT'], ['Banana', 'BAN'], ['Blueberry', 'BLU'], ['Strawberry', 'STR'], ['Olive', 'OLI'], ['Pomegranate', 'POM'],
  ['Fig', 'FIG'], ['Kiwifruit', 'KIW'], ['Potato', 'POT'], ['Tomato', 'TOM'], ['Maize', 'MAI'], ['Wheat', 'WHE'], ['Soybean', 'SOY'],
  ['Sugarcane', 'SUG'], ['Lucerne', 'LUC'], ['Canola', 'CAN'], ['Sunflower', 'SUN'], ['Rooibos', 'ROO'],
].map(([name, code], i) => ({ cropId: 101 + i, name, code, laboratory: i % 3 === 2 ? 'Nvirotek Tzaneen' : 'Nvirotek Hartbeespoort' }));

export const WYNLAND_CROPS: { Id: string; Description: string; ShortCode: string; Lab: string }[] = [
  ['AVOCADO', 'AV'], ['APPLE', 'AP'], ['PEAR', 'PR'], ['NECTARINE', 'NE'], ['PEACH', 'PE'], ['PLUM', 'PL'], ['CHERRY', 'CH'],
  ['ORANGE', 'OR'], ['LEMON', 'LE'], ['SOFT CITRUS', 'SC'], ['WINE GRAPE', 'WG'], ['TABLE GRAPE', 'TG'], ['MACADAMIA', 'MA'],
  ['PECAN NUT', 'PN'], ['BLUEBERRY', 'BB'], ['RASPBERRY', 'RB'], ['OLIVE', 'OL'], ['POMEGRANATE', 'PG'], ['POTATO', 'PO'],
  ['ONION', 'ON'], ['CABBAGE', 'CB'], ['WHEAT', 'WH'], ['BARLEY', 'BA'], ['CANOLA', 'CA'], ['LUCERNE', 'LU'],
].map(([Description, ShortCode], i) => ({ Id: `W-${String(i + 1).padStart(3, '0')}`, Description, ShortCode, Lab: i % 4 === 3 ? 'Wynland Paarl' : 'Wynland Stellenbosch' }));
