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
    return new JsonText(`{"rows":${p.rowsJson},"total":${JSON.stringify(p.total)},"estimated":${p.estimated},"firstKey":${key(p.firstKey)},"lastKey":${key(p.lastKey)}}`);
  }
}

/** A cursor as JSON (a function of the module: tsx names each closure as it is made, measured on the list's hot path). */
function key(k: string | null): string {
  return k === null ? 'null' : JSON.stringify(k);
}
