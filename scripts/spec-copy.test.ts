import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README links docs/spec.md so that a clone on its own can read the spec; the team's copy
// lives beside the project, and the two must not drift apart.
const root = path.resolve(import.meta.dirname, '..');
const shared = path.join(root, '..', 'shared', 'SPEC.md');

describe('docs/spec.md', () => {
  it('is in the repository', () => {
    expect(fs.readFileSync(path.join(root, 'docs', 'spec.md'), 'utf8')).toContain('# ');
  });

  // Only beside the team's copy: a clone on its own has nothing to compare with.
  if (fs.existsSync(shared)) {
    it("is the same as the team's ../shared/SPEC.md", () => {
      expect(fs.readFileSync(path.join(root, 'docs', 'spec.md'), 'utf8')).toBe(fs.readFileSync(shared, 'utf8'));
    });
  }
});
