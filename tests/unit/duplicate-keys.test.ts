import { describe, expect, it } from 'vitest';
import { firstDuplicateKey } from '../../src/core/store/duplicate-keys.js';

describe('a key given twice in a JSON text', () => {
  it('is found with the keys above it and both lines, whatever the strings hold', () => {
    const text = '{\n "contributors": {\n  "Ann": {"contributions": [{"score": 5, "notes": "a \\"q\\" , { \\\\"}]},\n  "Bob": {},\n  "Ann": {"contributions": []}\n }\n}';
    expect(JSON.parse(text)).toBeTruthy();
    expect(firstDuplicateKey(text)).toEqual({ path: ['contributors'], key: 'Ann', lines: [3, 5] });
    // Spelt with an escape, it is the same key to JSON.parse.
    expect(firstDuplicateKey('{"contributors":{"Ann":{},"\\u0041nn":{}}}')).toMatchObject({ key: 'Ann' });
    expect(firstDuplicateKey('{"c":{"Ann":{"contributions":[{"score":1,"score":2}]}}}')).toEqual({ path: ['c', 'Ann', 'contributions', '[]'], key: 'score', lines: [1, 1] });
  });

  it('is not a key repeated in separate objects, nor a value equal to a key', () => {
    expect(firstDuplicateKey('[{"a":1},{"a":2}]')).toBeNull();
    expect(firstDuplicateKey('{"a":{"x":1},"b":{"x":1}}')).toBeNull();
    expect(firstDuplicateKey('{"a":"a","b":["a","a"]}')).toBeNull();
    expect(firstDuplicateKey('{}')).toBeNull();
  });
});
