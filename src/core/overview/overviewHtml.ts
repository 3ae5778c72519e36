// The Gateway Overview's page: the charts as plain SVG drawn from the numbers (no chart library:
// see docs/architecture.md), each with a text alternative — an aria-label that says the numbers
// and a visually hidden table of them — so a screen reader reads what a sighted user sees. The
// page loads nothing but its own stylesheet and script (Content-Security-Policy: default-src
// 'none'); colours are VS Code's theme variables (the stylesheet), never written here.

import { displayTime } from '../time/displayTime';
import { money, type AchSection, type BatchSection, type Bar, type CoverageSection, type DeclineSection, type Overview, type Section } from './overviewData';

interface PageResources {
  /** The webview's cspSource (where its own resources come from). */
  cspSource: string;
  styleUri: string;
  scriptUri: string;
  nonce: string;
  /** The zone the environment's times show in (the one time rule: core/time/displayTime.ts); UTC when not given. */
  timeZone?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One bar row of a chart: a label and one or more series values. */
interface Row {
  label: string;
  values: { series: string; value: number; shown: string }[];
}

const WIDTH = 440;
const LABEL_W = 170;
const VALUE_W = 70;
const BAR_H = 13;
const GAP = 4;
const ROW_GAP = 8;

/** A horizontal bar chart; `series` names the CSS class of each value's bar (and its legend). */
function barChart(id: string, title: string, rows: readonly Row[], summary: string, series: readonly string[], legend: readonly string[]): string {
  const max = Math.max(1, ...rows.flatMap((r) => r.values.map((v) => Math.abs(v.value))));
  const barArea = WIDTH - LABEL_W - VALUE_W;
  const rowH = series.length * (BAR_H + GAP) - GAP;
  const height = Math.max(rowH, rows.length * (rowH + ROW_GAP) - ROW_GAP);
  const body = rows.map((row, i) => {
    const top = i * (rowH + ROW_GAP);
    const bars = row.values.map((v, j) => {
      const y = top + j * (BAR_H + GAP);
      const w = v.value === 0 ? 0 : Math.max(2, Math.round((Math.abs(v.value) / max) * barArea));
      return `<rect class="bar ${v.series}" x="${LABEL_W}" y="${y}" width="${w}" height="${BAR_H}"><title>${escape(`${row.label}: ${v.shown}`)}</title></rect>` +
        `<text class="value" x="${LABEL_W + w + 6}" y="${y + BAR_H - 3}">${escape(v.shown)}</text>`;
    }).join('');
    return `<text class="label" x="${LABEL_W - 8}" y="${top + BAR_H - 3}" text-anchor="end">${escape(row.label)}</text>${bars}`;
  }).join('');
  const legendHtml = legend.length > 1 ? `<p class="legend" aria-hidden="true">${legend.map((name, i) => `<span class="swatch ${series[i]}"></span>${escape(name)}`).join(' ')}</p>` : '';
  const head = `<tr><th scope="col">${escape(title)}</th>${legend.map((name) => `<th scope="col">${escape(name)}</th>`).join('')}</tr>`;
  const cells = rows.map((r) => `<tr><th scope="row">${escape(r.label)}</th>${r.values.map((v) => `<td>${escape(v.shown)}</td>`).join('')}</tr>`).join('');
  return `<figure class="chart" id="${id}" tabindex="0" aria-labelledby="${id}-title" aria-describedby="${id}-summary">` +
    `<figcaption id="${id}-title">${escape(title)}</figcaption>` +
    `<svg role="img" aria-label="${escape(summary)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}">${body}</svg>` +
    legendHtml +
    `<p class="summary" id="${id}-summary">${escape(summary)}</p>` +
    `<table class="visually-hidden"><caption>${escape(title)}</caption>${head}${cells}</table>` +
    `</figure>`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const said = (bars: readonly Bar[], unit: (b: Bar) => string) => bars.map((b) => `${b.label}: ${unit(b)}`).join('; ');

function batchHtml(batch: BatchSection | undefined): string {
  if (!batch) return '<p>No open batch.</p>';
  const totals = `Open batch ${batch.id}: sales ${money(batch.salesCents)} (${plural(batch.salesCount, 'sale')}), refunds ${money(batch.refundCents)} (${plural(batch.refundCount, 'refund')}), net ${money(batch.netCents)}.`;
  const head = `<dl class="totals"><div><dt>Sales</dt><dd>${money(batch.salesCents)}</dd></div><div><dt>Refunds</dt><dd>${money(batch.refundCents)}</dd></div><div><dt>Net</dt><dd>${money(batch.netCents)}</dd></div></dl>`;
  if (batch.byBrand.length === 0) return `${head}<p class="summary">${escape(totals)} No card transactions in it.</p>`;
  const rows: Row[] = batch.byBrand.map((b) => ({
    label: b.brand,
    values: [
      { series: 'sales', value: b.salesCents, shown: money(b.salesCents) },
      { series: 'refunds', value: b.refundCents, shown: money(b.refundCents) },
    ],
  }));
  const byBrand = batch.byBrand.map((b) => `${b.brand}: sales ${money(b.salesCents)}, refunds ${money(b.refundCents)}`).join('; ');
  return head + barChart('batch', 'Sales and refunds by card brand', rows, `${totals} By brand — ${byBrand}.`, ['sales', 'refunds'], ['Sales', 'Refunds']);
}

function declinesHtml(d: DeclineSection): string {
  const read = `${plural(d.transactionsRead, 'card transaction')} read${d.truncated ? ' (the most recent; there are more)' : ''}`;
  if (d.byResultCode.length === 0) return `<p class="summary">No declines among ${read}.</p>`;
  const total = d.byResultCode.reduce((n, b) => n + b.value, 0);
  const rows = d.byResultCode.map((b) => ({ label: b.label, values: [{ series: 'declines', value: b.value, shown: String(b.value) }] }));
  return barChart('declines', 'Declines by result code', rows, `${plural(total, 'decline')} among ${read}. ${said(d.byResultCode, (b) => String(b.value))}.`, ['declines'], ['Declines']);
}

function achHtml(a: AchSection): string {
  const rows = a.pipeline.map((b) => ({ label: b.label, values: [{ series: `stage-${b.label.toLowerCase()}`, value: b.value, shown: String(b.value) }] }));
  const pipeline = barChart('ach', 'ACH pipeline', rows, `ACH transactions by stage${a.truncated ? ' (the most recent; there are more)' : ''}: ${said(a.pipeline, (b) => String(b.value))}.`, ['ach'], ['Transactions']);
  if (a.returnsByCode.length === 0) return `${pipeline}<p class="summary">No returned ACH transactions.</p>`;
  const returns = a.returnsByCode.map((b) => ({ label: b.label, values: [{ series: 'returns', value: b.value, shown: String(b.value) }] }));
  return pipeline + barChart('ach-returns', 'ACH returns by R-code', returns, `Returns by R-code: ${said(a.returnsByCode, (b) => String(b.value))}.`, ['returns'], ['Returns']);
}

function coverageHtml(c: CoverageSection): string {
  const head = `<p class="summary">Outcomes covered: ${c.covered} of ${c.total} (${c.percent} %).</p>`;
  const meter = `<svg class="meter" role="img" aria-label="${escape(`${c.percent} percent of outcomes covered`)}" viewBox="0 0 ${WIDTH} 16" width="${WIDTH}" height="16"><rect class="track" x="0" y="0" width="${WIDTH}" height="16"></rect><rect class="bar covered" x="0" y="0" width="${Math.round((WIDTH * c.percent) / 100)}" height="16"></rect></svg>`;
  const rows = c.outcomes.map((b) => ({ label: b.label, values: [{ series: 'covered', value: b.value, shown: String(b.value) }] }));
  const chart = rows.length ? barChart('coverage', 'Outcomes served', rows, `Outcomes served, by count: ${said(c.outcomes, (b) => String(b.value))}.`, ['covered'], ['Times served']) : '';
  const left = c.uncovered.length ? `<details><summary>Not yet covered (${c.uncovered.length})</summary><ul>${c.uncovered.map((u) => `<li>${escape(u)}</li>`).join('')}</ul></details>` : '';
  return head + meter + chart + left;
}

function sectionHtml<T>(id: string, title: string, s: Section<T>, render: (value: T) => string): string {
  const inner = s.ok ? render(s.value) : `<p class="error" role="alert">Could not read this: ${escape(s.error)}</p>`;
  return `<section aria-labelledby="${id}-heading"><h2 id="${id}-heading">${escape(title)}</h2>${inner}</section>`;
}

/** Nothing but the webview's own stylesheet and its one script (by nonce); no inline style, no remote anything. */
const policy = (res: PageResources) => [
  "default-src 'none'",
  `style-src ${res.cspSource}`,
  `script-src 'nonce-${res.nonce}'`,
  `img-src ${res.cspSource}`,
].join('; ');

/** What the panel shows while the numbers are read. */
export function readingHtml(environmentName: string, res: PageResources): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${policy(res)}">
<link rel="stylesheet" href="${escape(res.styleUri)}">
<title>Gateway Overview: ${escape(environmentName)}</title>
</head>
<body><h1>Gateway Overview: ${escape(environmentName)}</h1><p role="status">Reading the open batch, transactions and ACH transactions…</p></body>
</html>`;
}

/** The whole page for `overview`. */
export function overviewHtml(overview: Overview, res: PageResources): string {
  const csp = policy(res);
  const read = new Date(overview.readAt);
  const sections = [
    sectionHtml('batch', 'Open batch', overview.batch, batchHtml),
    sectionHtml('declines', 'Declines', overview.declines, declinesHtml),
    sectionHtml('ach', 'ACH', overview.ach, achHtml),
    ...(overview.coverage ? [sectionHtml('coverage', 'Outcome coverage', overview.coverage, coverageHtml)] : []),
  ];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escape(res.styleUri)}">
<title>Gateway Overview: ${escape(overview.environmentName)}</title>
</head>
<body>
<header><h1>Gateway Overview: ${escape(overview.environmentName)}</h1>
<p class="read-at">Read at <time datetime="${escape(overview.readAt)}">${escape(displayTime(read, { timeZone: res.timeZone ?? 'UTC', now: new Date() }, { seconds: true }))}</time></p>
<button id="refresh" type="button">Refresh</button></header>
<main>${sections.join('\n')}</main>
<script nonce="${escape(res.nonce)}" src="${escape(res.scriptUri)}"></script>
</body>
</html>`;
}
