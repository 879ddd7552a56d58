// The decision records stay whole: each has a title and a valid status line, every link between records has its
// target, and the index (docs/decisions/README.md) lists exactly the records that hold today.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '..', 'docs', 'decisions');
const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const AREAS = [
  'platform',
  'http pipeline',
  'errors',
  'money & ledger',
  'identity & auth',
  'payouts',
  'profiles',
  'funding',
  'liquidity',
  'webhooks & events',
  'support console',
  'portal & design system',
  'operations (deploy, backups, metrics)',
  'tests & tooling',
  'sandbox & demo data',
];
const STATUS = /^Status: (?:(current)|(superseded by|amends) \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\))$/;
const LINK = /\]\((\d{4}-[a-z0-9-]+\.md)\)/g;

interface DecisionRecord {
  file: string;
  title: string;
  status: 'current' | 'superseded by' | 'amends';
  target: string | null;
  problems: string[];
}

/** Reads one record; what is wrong with it goes into `problems` rather than throwing, so a run lists every fault. */
function parseRecord(file: string, text: string): DecisionRecord {
  const problems: string[] = [];
  const lines = text.split('\n');
  const title = /^# (\S.*)$/.exec(lines[0] ?? '')?.[1] ?? '';
  if (!title) problems.push('the first line is not a title (`# <what is true>`)');
  const statusLine = lines.find((line) => line.startsWith('Status:')) ?? '';
  const status = STATUS.exec(statusLine);
  let kind: DecisionRecord['status'] = 'current';
  let target: string | null = null;
  if (!status) {
    problems.push(`no valid status line (got "${statusLine}")`);
  } else if (!status[1]) {
    kind = status[2] as 'superseded by' | 'amends';
    target = status[4]!;
    if (!target.startsWith(`${status[3]}-`))
      problems.push(`status link text ${status[3]} does not name ${target}`);
    if (target === file) problems.push('the status names the record itself');
  }
  const area = /^Area: (.*)$/m.exec(text)?.[1];
  if (!area || !AREAS.includes(area)) problems.push(`no valid area line (got "${area ?? ''}")`);
  if (!/^Since: \S/m.test(text)) problems.push('no "Since:" line');
  return { file, title, status: kind, target, problems };
}

function recordFiles(): string[] {
  return readdirSync(DIR)
    .filter((name) => name !== 'README.md')
    .sort();
}

describe('decision records', () => {
  const files = recordFiles();
  const names = new Set(files);
  const records = files.map((file) => parseRecord(file, readFileSync(path.join(DIR, file), 'utf8')));
  const byFile = new Map(records.map((record) => [record.file, record]));

  it('are named NNNN-kebab-slug.md, each number once', () => {
    expect(files.filter((file) => !RECORD_NAME.test(file))).toEqual([]);
    const numbers = files.map((file) => file.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it('each have a title, a valid status, area and since line', () => {
    const faults = records.flatMap((record) =>
      record.problems.map((problem) => `${record.file}: ${problem}`),
    );
    expect(faults).toEqual([]);
  });

  it('supersede and amend only records that exist, and a replacement is itself current', () => {
    const faults = records.flatMap((record) => {
      if (!record.target) return [];
      const target = byFile.get(record.target);
      if (!target) return [`${record.file}: ${record.status} ${record.target}, which does not exist`];
      if (record.status === 'superseded by' && target.status === 'superseded by')
        return [`${record.file}: superseded by ${record.target}, which is superseded too`];
      return [];
    });
    expect(faults).toEqual([]);
  });

  it('link only to records that exist', () => {
    const broken = files.flatMap((file) =>
      [...readFileSync(path.join(DIR, file), 'utf8').matchAll(LINK)]
        .map((match) => match[1]!)
        .filter((target) => !names.has(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  describe('the index', () => {
    const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const [holding = '', superseded = ''] = index.split(/^## Superseded$/m);
    // What a list line is about is its first link; an "(amends …)" note after it lists nothing.
    const linked = (text: string) =>
      new Set(
        text
          .split('\n')
          .filter((line) => line.startsWith('- '))
          .map((line) => /\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(line)?.[1])
          .filter((file): file is string => file !== undefined),
      );
    const everyLink = (text: string) => new Set([...text.matchAll(LINK)].map((match) => match[1]!));

    it('lists every record that holds today (current or amending)', () => {
      const listed = linked(holding);
      const omitted = records
        .filter((r) => r.status !== 'superseded by' && !listed.has(r.file))
        .map((r) => r.file);
      expect(omitted).toEqual([]);
    });

    it('lists no superseded record among those that hold, and every superseded one under "Superseded"', () => {
      const listedAsHolding = records
        .filter((record) => record.status === 'superseded by' && linked(holding).has(record.file))
        .map((record) => record.file);
      expect(listedAsHolding).toEqual([]);
      const listed = linked(superseded);
      const omitted = records
        .filter((r) => r.status === 'superseded by' && !listed.has(r.file))
        .map((r) => r.file);
      expect(omitted).toEqual([]);
    });

    it('links to no record that does not exist', () => {
      expect([...everyLink(index)].filter((target) => !names.has(target))).toEqual([]);
    });
  });
});

describe('the record check', () => {
  it('finds a missing title, a bad status and a bad area', () => {
    const record = parseRecord('0002-x.md', 'No title\nStatus: replaced by 0001\nArea: somewhere\n');
    expect(record.problems).toHaveLength(4);
  });

  it('reads a superseded record and its target', () => {
    const record = parseRecord(
      '0001-old.md',
      '# Old rule\nStatus: superseded by [0002](0002-new.md)\nArea: errors\nSince: #31\n\nWhat it said.\n',
    );
    expect(record).toMatchObject({
      title: 'Old rule',
      status: 'superseded by',
      target: '0002-new.md',
      problems: [],
    });
  });
});
