/**
 * An answer already serialized as JSON (e.g. built by the database), sent as it stands. Outside
 * production the registrar still checks it against the endpoint's declared output.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** An object whose members are values to serialize, except `raw` ones that are JSON text already. */
  static object(values: Record<string, unknown>, raw: Record<string, string>): JsonText {
    const members = [
      ...Object.entries(raw).map(([k, json]) => `${JSON.stringify(k)}:${json}`),
      ...Object.entries(values).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`),
    ];
    return new JsonText(`{${members.join(',')}}`);
  }

  /** A keyset list's page (db/keyset PageResult): its rows as the database wrote them, with its total and cursors. */
  static page(p: { rowsJson: string; total: number; estimated: boolean; firstKey: string | null; lastKey: string | null }): JsonText {
    return new JsonText(`{"rows":${p.rowsJson},"total":${count(p.total)},"estimated":${p.estimated},"firstKey":${key(p.firstKey)},"lastKey":${key(p.lastKey)}}`);
  }
}

/** Texts JSON writes as they stand between quotes (a cursor is base64url: letters, digits, '-' and '_'). */
const PLAIN = /^[\w-]*$/;

/**
 * A cursor as JSON: one of plain characters between quotes, any other as JSON.stringify writes it (each call of which
 * costs a trip into V8's runtime: the page's three took half a microsecond). A function of the module: tsx names each
 * closure as it is made, measured on the list's hot path.
 */
function key(k: string | null): string {
  return k === null ? 'null' : PLAIN.test(k) ? `"${k}"` : JSON.stringify(k);
}

/** A count as JSON writes it. */
function count(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}
