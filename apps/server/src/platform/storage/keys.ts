const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)+$/;

/** True for a storage key of safe segments: lower-case, no '..', no absolute paths, no odd characters. */
export function isValidKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key) && !key.includes('..');
}
