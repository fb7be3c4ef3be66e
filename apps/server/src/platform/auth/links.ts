import type { AddressInfo } from 'node:net';

/**
 * The base of the links the server mails (password reset and first-password links; issue 32): PUBLIC_URL, which
 * a server with mail must have (config.ts); without mail the link only goes to the server's log, and points at the
 * address the server itself listens on. Never anything a request says (Host, X-Forwarded-Host, Origin, Referer):
 * a link built from those is a working reset token mailed to a real user, pointing at whoever sent the request.
 */
export function mailLinkBase(publicUrl: string | undefined, listening: () => AddressInfo | string | null, port: number): () => string {
  if (publicUrl) {
    const base = publicUrl.replace(/\/+$/, '');
    return () => base;
  }
  return () => ownAddress(listening(), port);
}

/** http://host:port of a listening socket; the wildcard addresses are this machine, so localhost. */
export function ownAddress(address: AddressInfo | string | null, port: number): string {
  if (!address || typeof address === 'string') return `http://localhost:${port}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
