import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** answers shorter than this go as they are: compressing them costs more than it saves (ADR 0114) */
export const COMPRESS_FROM_BYTES = 1024;

/** The encoding to answer in: brotli when the client takes it, else gzip, else none (q=0 refuses one). */
export function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** A JSON text as sent: compressed when it is 1 KB or more and the client takes brotli or gzip (`encoding`), else as it is. */
export async function encodedJson(text: string, acceptEncoding: string | undefined): Promise<{ body: string | Buffer; encoding: 'br' | 'gzip' | null }> {
  const encoding = text.length < COMPRESS_FROM_BYTES ? null : encodingFor(acceptEncoding);
  if (!encoding) return { body: text, encoding };
  const body = encoding === 'br'
    ? await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : await gzipped(text, { level: 6 });
  return { body, encoding };
}

/**
 * Sends a JSON text. With `compress` (API_COMPRESSION=on), compressed when it is 1 KB or more and the client
 * accepts brotli or gzip (at fast settings: an answer is compressed once, as it goes), with `Vary:
 * Accept-Encoding`; without, as it is (the default, ADR 0220: on a local network it costs more than it saves).
 */
export async function sendJson(req: FastifyRequest, reply: FastifyReply, text: string, compress: boolean): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (!compress) return reply.send(text);
  reply.header('vary', 'Accept-Encoding');
  const { body, encoding } = await encodedJson(text, req.headers['accept-encoding']);
  return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
}
