import { describe, expect, it } from 'vitest';
import { allowListProblems, blockingFindings, unexplainedFindings, unpinnedPackages } from './audit-verdict.ts';

const report = {
  vulnerabilities: {
    'path-to-regexp': {
      name: 'path-to-regexp',
      severity: 'high',
      via: [{ name: 'path-to-regexp', title: 'ReDoS', url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j', severity: 'high' }],
    },
    router: { name: 'router', severity: 'high', via: ['path-to-regexp'] },
    cookie: {
      name: 'cookie',
      severity: 'low',
      via: [{ name: 'cookie', title: 'out of bounds', url: 'https://github.com/advisories/GHSA-pxg6-pf52-xh8x', severity: 'low' }],
    },
  },
};

describe('the dependency audit verdict', () => {
  it('blocks on high and critical advisories unless the allow-list explains them', () => {
    const findings = blockingFindings(report);
    expect(findings).toEqual([{ advisory: 'GHSA-9wv6-86v2-598j', package: 'path-to-regexp', severity: 'high', title: 'ReDoS' }]);
    expect(unexplainedFindings(findings, [])).toHaveLength(1);
    const explained = [
      { advisory: 'GHSA-9wv6-86v2-598j', package: 'path-to-regexp', reason: 'Only literal route patterns of our own reach it.', date: '2026-11-25' },
    ];
    expect(unexplainedFindings(findings, explained)).toEqual([]);
    expect(allowListProblems(explained)).toEqual([]);
  });

  it('refuses allow-list entries without a reason or a date', () => {
    expect(allowListProblems([{ advisory: 'GHSA-9wv6-86v2-598j', package: 'path-to-regexp', reason: 'fine', date: 'soon' }])).toHaveLength(2);
  });

  it('finds packages the lockfile does not pin with an integrity hash', () => {
    const lockfile = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/a': { version: '1.0.0', integrity: 'sha512-x' },
        'node_modules/b': { version: '1.0.0', resolved: 'git+ssh://git@example.com/b.git#abc', integrity: 'sha512-y' },
        'node_modules/c': { version: '1.0.0' },
      },
    };
    expect(unpinnedPackages(lockfile)).toEqual(['node_modules/b', 'node_modules/c']);
  });
});
