/**
 * A measured value as every report prints it — the leaf report's summary, values table, guidelines and flagged
 * lines, its chart (the preview image and the PDF page alike) and the farmers' report: up to four decimals,
 * trailing zeros dropped (0.028, 2.1, 140). One rule, so a value reads the same wherever a report shows it.
 */
export const reportNumber = (v: number): string => String(Number(v.toFixed(4)));
