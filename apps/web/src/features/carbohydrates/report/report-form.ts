export interface ReportForm {
  langId: number | null;
  client: string;
  farm: string;
  agriculturist: string;
  agent: string;
  distributor: number | null;
  addressId: number | null;
  lowImageQuality: boolean;
  includeSummary: boolean;
}

/** Defaults (spec part 1 §9): Include Summary on, Low Image Quality off. */
export function emptyForm(languageId: number | null): ReportForm {
  return { langId: languageId, client: '', farm: '', agriculturist: '', agent: '', distributor: null, addressId: null, lowImageQuality: false, includeSummary: true };
}

/** Every field must be chosen or filled (spec part 1 §5); the server checks the same. */
export function reportErrors(f: ReportForm): Partial<Record<keyof ReportForm, string>> {
  const e: Partial<Record<keyof ReportForm, string>> = {};
  if (!f.langId) e.langId = 'Language is required';
  if (!f.client.trim()) e.client = 'Client Name is required';
  if (!f.farm.trim()) e.farm = 'Farm Name is required';
  if (!f.agriculturist.trim()) e.agriculturist = 'Agriculturist is required';
  if (!f.agent.trim()) e.agent = 'Agent is required';
  if (!f.distributor) e.distributor = 'Distributor is required';
  if (!f.addressId) e.addressId = 'Address is required';
  return e;
}

/** The id of the first selected result in a 'group,id;group,id' selection. */
export function firstSelectedId(selection: string): number | undefined {
  const first = selection.split(';').find((p) => p.trim());
  const id = first ? Number(first.slice(first.lastIndexOf(',') + 1)) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Posts the fields as a form to a new tab (the browser sends the session cookie and our Origin). */
export function postForm(action: string, fields: Record<string, unknown>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = '_blank';
  form.enctype = 'multipart/form-data';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value === null || value === undefined ? '' : String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
