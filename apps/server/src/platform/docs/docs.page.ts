import type { oas31 } from 'zod-openapi';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const pretty = (v: unknown) => `<pre>${escape(JSON.stringify(v, null, 2))}</pre>`;

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 2rem;color:#1b1b1b}
h1{margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}
nav ul{columns:3;font-size:13px}section.op{border:1px solid #ddd;border-radius:6px;padding:.6rem 1rem;margin:1rem 0}
.m{display:inline-block;min-width:3.5rem;font-weight:700;color:#fff;border-radius:4px;padding:0 .4rem;text-align:center}
.GET{background:#2f6f9f}.POST{background:#3b8a3b}code.path{font-size:15px}.perm{float:right;color:#555}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:24rem;font-size:12px}details{margin:.3rem 0}
`;

type Op = oas31.OperationObject & { 'x-permission'?: string };

function content(body: oas31.RequestBodyObject | oas31.ResponseObject | oas31.ReferenceObject | undefined): string {
  if (!body || '$ref' in body) return '';
  return Object.entries(body.content ?? {})
    .map(([type, media]) => `<div>${escape(type)}</div>${pretty(media.schema ?? {})}`)
    .join('');
}

function section(method: string, path: string, op: Op): string {
  const id = escape(op.operationId ?? `${method} ${path}`);
  const params = op.parameters?.length ? `<details open><summary>Query parameters</summary>${pretty(op.parameters)}</details>` : '';
  const request = op.requestBody ? `<details open><summary>Request body</summary>${content(op.requestBody)}</details>` : '';
  const responses = Object.entries(op.responses ?? {})
    .map(([code, r]) => `<details${code === '200' ? ' open' : ''}><summary>${escape(code)} ${escape('description' in r ? (r.description ?? '') : '')}</summary>${content(r)}</details>`)
    .join('');
  return `<section class="op" id="${id}">
<div><span class="m ${method}">${method}</span> <code class="path">${escape(path)}</code><span class="perm">permission: <b>${escape(op['x-permission'] ?? '')}</b></span></div>
<p>${escape(op.summary ?? '')}. ${escape(op.description ?? '')}</p>${params}${request}${responses}</section>`;
}

/** The readable page of the API reference: plain HTML rendered from the OpenAPI document, no script. */
export function renderDocsPage(doc: oas31.OpenAPIObject): string {
  const ops: { method: string; path: string; op: Op }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (item.get) ops.push({ method: 'GET', path, op: item.get });
    if (item.post) ops.push({ method: 'POST', path, op: item.post });
  }
  const byTag = new Map<string, typeof ops>();
  for (const o of ops) {
    const tag = o.op.tags?.[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), o]);
  }
  const scheme = doc.components?.securitySchemes?.session;
  const session = scheme && !('$ref' in scheme) ? `the cookie ${scheme.name ?? ''}. ${scheme.description ?? ''}` : '';
  const index = [...byTag.keys()].map((t) => `<li><a href="#tag-${escape(t)}">${escape(t)}</a> (${byTag.get(t)?.length})</li>`).join('');
  const body = [...byTag.entries()]
    .map(([tag, list]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${list.map((o) => section(o.method, o.path, o.op)).join('\n')}`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><h1>${escape(doc.info.title)} reference</h1>
<p>Version ${escape(doc.info.version)}. ${ops.length} endpoints. The machine-readable document: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<p>${escape(doc.info.description ?? '')}</p>
<p><b>Session:</b> ${escape(session)}</p>
<p>Every error answers <code>ErrorBody</code>; a 400 answers <code>ValidationErrorBody</code>:</p>${pretty(doc.components?.schemas ?? {})}
<nav><ul>${index}</ul></nav>
${body}
</body></html>
`;
}
