/** The boot spinner's words while a first visit reads, checks and stores all.json (issue 22). */
import { describe, expect, it } from 'vitest';
import { bootProgressText } from '../../src/shell/bootProgressText';

describe('bootProgressText', () => {
  it('says each step, with its figure', () => {
    expect(bootProgressText(null)).toBe('Loading survey data…');
    expect(bootProgressText({ step: 'reading', bytes: 120 * 1024 * 1024, total: 391 * 1024 * 1024 })).toBe('Reading the sample data… 120 of 391 MB');
    expect(bootProgressText({ step: 'reading', bytes: 1.5 * 1024 * 1024, total: null })).toBe('Reading the sample data… 1.5 MB');
    // A compressed response's length is smaller than what arrives: no false total.
    expect(bootProgressText({ step: 'reading', bytes: 30 * 1024 * 1024, total: 4 * 1024 * 1024 })).toBe('Reading the sample data… 30 MB');
    expect(bootProgressText({ step: 'checking' })).toBe('Checking the sample data…');
    expect(bootProgressText({ step: 'storing', surveys: 100_000 })).toBe('Storing 100,000 surveys on this device…');
    // A reload from the store (issue 54): what it opens, before it has read any of it.
    expect(bootProgressText({ step: 'opening', surveys: 100_000 })).toBe('Opening 100,000 surveys…');
    expect(bootProgressText({ step: 'opening', surveys: null })).toBe('Opening the surveys on this device…');
  });
});
