import { ApiError } from '../../../lib/api';

/** A refused call in the results dialog's words: the server's field messages (or its message), else a general one. */
export const errorText = (err: unknown) =>
  err instanceof ApiError ? (err.body?.fields?.map((f) => f.message).join('; ') || err.message) : 'Operation has failed';
