// Unit tests of the JSON nesting scan: brackets inside strings, escaped quotes and the exact limit.
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './body';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, the outermost being level 1', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[1]]}', 2)).toBe(true);
    expect(nestsDeeperThan('[{},{},[]]', 2)).toBe(false);
    expect(nestsDeeperThan('"x"', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":"\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a\\"[[":1}', 1)).toBe(false);
  });

  it('answers a few hundred thousand levels without recursion', () => {
    expect(nestsDeeperThan(`${'['.repeat(300_000)}${']'.repeat(300_000)}`, 64)).toBe(true);
  });
});
