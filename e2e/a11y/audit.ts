import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** WCAG 2.2 A and AA, the rules the audit enforces. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * WCAG rules axe ships as experimental, so a tag alone does not run them: "Label in Name" (2.5.3,
 * issue 40: an icon button whose name did not contain the initials it shows).
 */
const experimentalWcagRules = ['label-content-name-mismatch'];

/** The impacts that fail the audit; 'moderate' and 'minor' ones are printed as notes only. */
const failing = new Set(['serious', 'critical']);

export const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

interface Finding {
  screen: string;
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Collects axe findings screen by screen, so one test audits a whole journey and reports every
 * screen's violations together at the end (rather than stopping at the first page).
 */
export class Audit {
  private readonly findings: Finding[] = [];
  private readonly notes: Finding[] = [];
  private readonly page: Page;
  private readonly info: TestInfo;

  constructor(page: Page, info: TestInfo) {
    this.page = page;
    this.info = info;
  }

  /** Waits for the screen to settle (network, loaders, transitions), then runs axe on it. */
  async check(screen: string, include?: string) {
    await this.page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await expect(this.page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, {
      timeout: 15_000,
    });
    // Modal, drawer and notification transitions animate opacity: let them finish before contrast checks.
    await this.page.waitForTimeout(400);
    // options() replaces what withTags() set, so it comes first.
    let builder = new AxeBuilder({ page: this.page })
      .options({ rules: Object.fromEntries(experimentalWcagRules.map((id) => [id, { enabled: true }])) })
      .withTags(wcagTags);
    if (include) builder = builder.include(include);
    const result = await builder.analyze();
    for (const v of result.violations) {
      const finding: Finding = {
        screen,
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.join(' '),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        })),
      };
      (failing.has(finding.impact) ? this.findings : this.notes).push(finding);
    }
  }

  /** Fails with every serious or critical violation, screen by screen. */
  async expectClean() {
    if (this.notes.length) {
      await this.info.attach('axe-moderate-and-minor.txt', {
        body: format(this.notes),
        contentType: 'text/plain',
      });
    }
    expect(this.findings, `axe found serious or critical violations:\n${format(this.findings)}`).toEqual([]);
  }
}

function format(findings: Finding[]): string {
  return findings
    .map((f) =>
      [
        `\n[${f.screen}] ${f.impact.toUpperCase()} ${f.id}: ${f.help} (${f.helpUrl})`,
        ...f.nodes.slice(0, 8).map((n) => `    - ${n.target}\n      ${n.summary.slice(0, 300)}`),
        ...(f.nodes.length > 8 ? [`    ... and ${f.nodes.length - 8} more`] : []),
      ].join('\n'),
    )
    .join('\n');
}
