import { describe, expect, it } from 'vitest';
import { accentColourSchema, accentProblem, contrastWithWhite, darkerForWhiteText, DEFAULT_ACCENT, MIN_CONTRAST } from './accent-colour.ts';

describe('accent colour', () => {
  it('passes dark colours and refuses light ones with the ratio and a darker shade that passes', () => {
    expect(accentProblem(DEFAULT_ACCENT)).toBeNull();
    expect(accentProblem('#000000')).toBeNull();
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    // #777777 is the classic just-fails grey: 4.48:1.
    expect(accentProblem('#777777')).toMatch(/^White text on #777777 has a contrast of only 4\.4\d:1; at least 4\.5:1 is needed/);
    const problem = accentProblem('#ffd700')!;
    const suggestion = /such as (#[0-9a-f]{6})\.$/.exec(problem)![1]!;
    expect(contrastWithWhite(suggestion)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(darkerForWhiteText('#0f766e')).toBe('#0f766e');
  });

  it('accepts any case, stores lower case, treats blank as the default and refuses everything else', () => {
    expect(accentColourSchema.parse('#0F766E')).toBe('#0f766e');
    expect(accentColourSchema.parse(' ')).toBeNull();
    expect(accentColourSchema.parse(null)).toBeNull();
    expect(accentColourSchema.parse(undefined)).toBeUndefined();
    for (const bad of ['red', '#fff', '#12345g', '#1e40af; background:url(x)', 'rgb(0,0,0)', '#1e40af\u0000']) {
      expect(accentColourSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(accentColourSchema.safeParse('#ffff00').error?.issues[0]?.message).toMatch(/contrast of only 1\.07:1/);
  });
});
