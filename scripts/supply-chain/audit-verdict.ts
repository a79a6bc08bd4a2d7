/**
 * What CI makes of `npm audit --omit=dev --json` (issue 20 §5): every high or critical advisory
 * must be fixed or explained in .ci/audit-allowlist.json with a reason and a date, and the
 * lockfile must be the only source of versions (every package pinned there with its integrity).
 */

export interface AllowListEntry {
  /** The advisory: its GHSA id (the end of its github.com/advisories URL). */
  advisory: string;
  package: string;
  /** Why the shop is not exposed, or what it waits for. */
  reason: string;
  /** When this was decided (YYYY-MM-DD). */
  date: string;
}

interface AdvisoryVia {
  name: string;
  title: string;
  url: string;
  severity: string;
}

/** The part of npm's audit report (auditReportVersion 2) the verdict reads. */
export interface AuditReport {
  vulnerabilities?: Record<string, { name: string; severity: string; via: (AdvisoryVia | string)[] }>;
}

export interface Finding {
  advisory: string;
  package: string;
  severity: string;
  title: string;
}

const blocking = new Set(['high', 'critical']);

/** GHSA id of an advisory URL (https://github.com/advisories/GHSA-xxxx-xxxx-xxxx), else the URL itself. */
const advisoryId = (url: string) => /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(url)?.[0] ?? url;

/** High and critical advisories, each once (a package reached through several others lists it again). */
export function blockingFindings(report: AuditReport): Finding[] {
  const findings = new Map<string, Finding>();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      if (typeof via === 'string' || !blocking.has(via.severity)) continue;
      const advisory = advisoryId(via.url);
      findings.set(`${advisory} ${via.name}`, { advisory, package: via.name, severity: via.severity, title: via.title });
    }
  }
  return [...findings.values()];
}

/** Problems of the allow-list itself: an entry without a reason or a real date explains nothing. */
export function allowListProblems(entries: AllowListEntry[]): string[] {
  return entries.flatMap((entry, index) => {
    const problems: string[] = [];
    if (!/^GHSA(-[\w]{4}){3}$/.test(entry.advisory ?? '')) problems.push(`entry ${index + 1}: "advisory" must be a GHSA id`);
    if (!entry.package) problems.push(`entry ${index + 1}: "package" is missing`);
    if (!entry.reason || entry.reason.trim().length < 20)
      problems.push(`entry ${index + 1} (${entry.advisory}): "reason" must say why (20 characters at least)`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.date ?? '') || Number.isNaN(Date.parse(entry.date)))
      problems.push(`entry ${index + 1} (${entry.advisory}): "date" must be YYYY-MM-DD`);
    return problems;
  });
}

export function unexplainedFindings(findings: Finding[], entries: AllowListEntry[]): Finding[] {
  return findings.filter((finding) => !entries.some((entry) => entry.advisory === finding.advisory && entry.package === finding.package));
}

interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, { version?: string; integrity?: string; resolved?: string; link?: boolean }>;
}

/** Packages the lockfile does not pin to a registry version with its integrity (git, file or URL sources). */
export function unpinnedPackages(lockfile: Lockfile): string[] {
  return Object.entries(lockfile.packages ?? {})
    .filter(([path]) => path !== '')
    .filter(
      ([, entry]) =>
        !entry.link && (!entry.version || !entry.integrity || (entry.resolved !== undefined && !entry.resolved.startsWith('https://registry.npmjs.org/'))),
    )
    .map(([path]) => path);
}
