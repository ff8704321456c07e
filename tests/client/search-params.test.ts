import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { optionalStringParam } from '#src/lib/search-params.ts';

const schema = v.object({ taskId: optionalStringParam });

describe('search params', () => {
  it('turns an id the router parsed as a number back into a string', () => {
    expect(v.parse(schema, { taskId: 7 })).toEqual({ taskId: '7' });
    expect(v.parse(schema, { taskId: 'T-1' })).toEqual({ taskId: 'T-1' });
  });

  it('treats missing, empty or malformed values as missing', () => {
    expect(v.parse(schema, {}).taskId).toBeUndefined();
    expect(v.parse(schema, { taskId: '' }).taskId).toBeUndefined();
    expect(v.parse(schema, { taskId: { a: 1 } }).taskId).toBeUndefined();
  });
});
