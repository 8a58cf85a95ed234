/**
 * The README's limits are the code's (src/sim/core/limits.ts, src/share/run.ts): every number
 * the Limits table and the cloud table state is checked against the constant it names, so a limit
 * changed in code and not in the README (the cloud's old "200-node limit") fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../share/run';
import { MAX_SCENARIO_DURATION_MS } from '../sim/core/duration';
import { DOMAIN_LIMITS, groupDigits, PARSER_LIMITS } from '../sim/core/limits';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The row of a Markdown table whose first cell is `what`. */
function row(what: string): string {
  const line = README.split('\n').find((l) => l.startsWith(`| ${what} `));
  if (!line) throw new Error(`README has no table row "${what}"`);
  return line;
}

describe('README limits', () => {
  it('the Limits table states the numbers of limits.ts', () => {
    expect(row('nodes in a cluster')).toContain(groupDigits(DOMAIN_LIMITS.maxNodes));
    expect(row('pods the cluster is asked to run')).toContain(groupDigits(DOMAIN_LIMITS.maxPods));
    expect(row('replicas of one workload')).toContain(groupDigits(DOMAIN_LIMITS.maxReplicas));
    expect(row('commands in a run, timeline entries')).toContain(groupDigits(DOMAIN_LIMITS.maxCommands));
    expect(row('one command (a manifest included)')).toContain(`${DOMAIN_LIMITS.maxCommandChars / 1024} KiB`);
    const file = row('a scenario file or an imported file');
    expect(file).toContain(`${DOMAIN_LIMITS.maxScenarioChars / 1024 / 1024} MiB`);
    expect(file).toContain(`${groupDigits(PARSER_LIMITS.maxTokens)} YAML elements`);
    expect(file).toContain(`nesting ${PARSER_LIMITS.maxDepth} deep`);
    expect(file).toContain(`${groupDigits(PARSER_LIMITS.maxKeys)} keys per mapping`);
    expect(row('simulated time (timelines, links, CLI)')).toContain(`${DOMAIN_LIMITS.maxTime / 3_600_000} h`);
    expect(DOMAIN_LIMITS.maxSeconds).toBe(365 * 86_400);
    expect(row('grace periods, toleration seconds')).toContain('up to one year');
    expect(row('probe `failureThreshold`, `successThreshold`')).toContain(groupDigits(DOMAIN_LIMITS.maxProbeThreshold));
    const link = row('a share link');
    expect(link).toContain(`${groupDigits(LIMITS.maxLinkChars)} characters`);
    expect(link).toContain(`${LIMITS.maxInflatedBytes / 1024} KB decompressed`);
    expect(row('a comparison (`--compare`, Compare)')).toContain(
      `${DOMAIN_LIMITS.maxCompareChanges} changes of at most ${DOMAIN_LIMITS.maxCompareChars} characters`,
    );
    expect(row('cloud node groups')).toContain(`${groupDigits(DOMAIN_LIMITS.maxNodes)}-node limit`);
  });

  it('the cloud table and the scenario format say the same limits', () => {
    expect(row('`nodeGroups[].min`, `max`')).toContain(`within the ${groupDigits(DOMAIN_LIMITS.maxNodes)}-node limit`);
    expect(README).not.toMatch(/\b200-node limit/);
    expect(README).toContain(`at most ${groupDigits(DOMAIN_LIMITS.maxNodes)} nodes in all`);
    expect(MAX_SCENARIO_DURATION_MS).toBe(24 * 3_600_000);
    expect(README).toContain('It must be longer than 0s, at most 24h');
  });
});
