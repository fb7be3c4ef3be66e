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
