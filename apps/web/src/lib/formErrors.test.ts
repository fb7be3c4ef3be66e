import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { errorMessage, fieldErrors, serverFieldErrors } from './formErrors';

const validation = new ApiError(400, {
  error: 'ValidationError',
  message: 'growths.0.sugar.min: Must be a number; name: Name required',
  fields: [
    { field: 'growths.0.sugar.min', message: 'Must be a number' },
    { field: 'name', message: 'Name required' },
    { field: 'name', message: 'At most 200 characters' },
  ],
});

describe('form errors', () => {
  it('reads the field messages of a 400: the first for each field, nested ones under their top-level name too', () => {
    expect(serverFieldErrors(validation)).toEqual({
      'growths.0.sugar.min': 'Must be a number',
      growths: 'Must be a number',
      name: 'Name required',
    });
    expect(serverFieldErrors(new ApiError(409, { error: 'Conflict', message: 'Changed by someone else.' }))).toEqual({});
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });

  it("says the server's words for a 4xx, and a general message otherwise", () => {
    expect(errorMessage(validation)).toBe('Must be a number');
    expect(errorMessage(new ApiError(409, { error: 'Conflict', message: 'Changed by someone else.' }))).toBe('Changed by someone else.');
    expect(errorMessage(new ApiError(500, { error: 'InternalError', message: 'Something went wrong.' }))).toBe('Operation has failed');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Operation has failed');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Something went wrong.')).toBe('Something went wrong.');
  });

  it("checks values with a contract's schema in the same shape", () => {
    const schema = z.object({ name: z.string().trim().min(1, 'Name required'), range: z.object({ min: z.number({ error: 'Must be a number' }) }) });
    expect(fieldErrors(schema, { name: ' ', range: { min: 'x' } })).toEqual({ name: 'Name required', 'range.min': 'Must be a number' });
    expect(fieldErrors(schema, { name: 'Roots', range: { min: 1 } })).toEqual({});
  });
});
