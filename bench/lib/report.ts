/** The report: every figure with its runs, budget and verdict; written as Markdown and JSON. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { summarise, type Summary } from './stats';

export interface Budget {
  op: '<=' | '>=';
  value: number;
}

export interface Figure {
  section: string;
  name: string;
  unit: string;
  summary?: Summary;
  budget?: Budget;
  /** pass / fail against the budget (on the median); absent without a budget or a measure. */
  verdict?: 'pass' | 'fail';
  /** How far a miss misses, in the figure's unit and as a ratio of the budget. */
  miss?: { by: number; ratio: number };
  /** Why a figure could not be measured in this run. */
  notMeasured?: string;
  note?: string;
}

export class Report {
  figures: Figure[] = [];
  notes: string[] = [];
  readonly started = new Date();

  add(section: string, name: string, unit: string, runs: readonly number[], budget?: Budget, note?: string): Figure {
    const clean = runs.filter((v) => Number.isFinite(v));
    if (clean.length === 0) return this.skip(section, name, unit, 'no successful run', budget);
    const summary = summarise(clean);
    const figure: Figure = { section, name, unit, summary, budget, note };
    if (budget) {
      const ok = budget.op === '<=' ? summary.median <= budget.value : summary.median >= budget.value;
      figure.verdict = ok ? 'pass' : 'fail';
      if (!ok) {
        const by = Math.abs(summary.median - budget.value);
        figure.miss = { by, ratio: budget.value === 0 ? Infinity : summary.median / budget.value };
      }
    }
    this.figures.push(figure);
    return figure;
  }

  skip(section: string, name: string, unit: string, reason: string, budget?: Budget): Figure {
    const figure: Figure = { section, name, unit, budget, notMeasured: reason };
    this.figures.push(figure);
    return figure;
  }

  /**
   * A budget missed without a number to give (a rate never reached within the run): a FAIL that
   * says what was seen instead.
   */
  miss(section: string, name: string, unit: string, seen: string, budget: Budget): Figure {
    const figure: Figure = { section, name, unit, budget, verdict: 'fail', note: seen };
    this.figures.push(figure);
    return figure;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  write(dir: URL, meta: Record<string, unknown>): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      new URL('report.json', dir),
      `${JSON.stringify({ ...meta, startedAt: this.started.toISOString(), figures: this.figures, notes: this.notes }, null, 2)}\n`,
    );
    writeFileSync(new URL('report.md', dir), this.markdown(meta));
  }

  private markdown(meta: Record<string, unknown>): string {
    const lines = [
      '# Switchboard benchmark report',
      '',
      `Run ${this.started.toISOString()} on ${String(meta.machine)}; ${String(meta.durationS)} s in all. How to read it: [docs/benchmarks.md](../docs/benchmarks.md).`,
      '',
      'Each figure is the median of its runs with min–max; the budget is checked on the median. Compare ratios within this run, not absolute numbers across runs: this machine is shared and noisy.',
      '',
    ];
    const failing = this.figures.filter((f) => f.verdict === 'fail');
    const passing = this.figures.filter((f) => f.verdict === 'pass');
    const skipped = this.figures.filter((f) => f.notMeasured);
    lines.push(`**${passing.length} budgets met, ${failing.length} missed, ${skipped.length} figures not measured.**`, '');
    const sections = [...new Set(this.figures.map((f) => f.section))];
    for (const section of sections) {
      lines.push(`## ${section}`, '', '| figure | median | min–max | runs | budget | verdict |', '|---|---|---|---|---|---|');
      for (const f of this.figures.filter((x) => x.section === section)) {
        const budget = f.budget ? `${f.budget.op === '<=' ? '≤' : '≥'} ${fmt(f.budget.value)} ${f.unit}` : '—';
        if (f.notMeasured) {
          lines.push(`| ${f.name} | not measured: ${f.notMeasured.replace(/\|/g, '/').replace(/\n/g, ' ').slice(0, 200)} | | | ${budget} | — |`);
          continue;
        }
        if (!f.summary) {
          lines.push(`| ${f.name} | ${f.note ?? ''} | | | ${budget} | **FAIL** |`);
          continue;
        }
        const s = f.summary;
        const verdict = !f.verdict
          ? (f.note ?? '')
          : f.verdict === 'pass'
            ? 'pass'
            : `**FAIL** by ${fmt(f.miss!.by)} ${f.unit} (${fmt(f.miss!.ratio)}× budget)`;
        lines.push(
          `| ${f.name} | ${fmt(s.median)} ${f.unit} | ${fmt(s.min)}–${fmt(s.max)} | ${s.runs.length} | ${budget} | ${verdict}${f.verdict && f.note ? `; ${f.note}` : ''} |`,
        );
      }
      lines.push('');
    }
    if (this.notes.length) lines.push('## Notes', '', ...this.notes.map((n) => `- ${n}`), '');
    return `${lines.join('\n')}`;
  }
}

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  return abs >= 100 ? n.toFixed(0) : abs >= 10 ? n.toFixed(1) : n.toFixed(2);
}
