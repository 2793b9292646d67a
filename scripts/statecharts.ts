/**
 * `npm run statecharts`: writes every chart of machines/ to docs/statecharts/ as a Markdown page with a
 * Mermaid state diagram (code hosts render it) and as a standalone SVG a designer opens in any browser.
 *
 * The SVG is drawn by Mermaid's own bundled script in Chromium (the one Playwright is configured with),
 * so it matches what the Markdown shows, and needs no network. `--check` writes nothing and exits 1
 * when a file is out of date (the SVGs by the hash of their Mermaid text, recorded inside them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { stampedHash, statechartDocuments, svgStamp } from './statecharts-mermaid';

const OUT_DIR = 'docs/statecharts';
const MERMAID_SCRIPT = 'node_modules/mermaid/dist/mermaid.min.js';

async function renderSvgs(diagrams: { name: string; mermaid: string }[]): Promise<Map<string, string>> {
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_SCRIPT });
    const svgs = new Map<string, string>();
    for (const { name, mermaid } of diagrams) {
      const svg = await page.evaluate(
        async ({ name, text }) => {
          const api = (window as unknown as { mermaid: MermaidApi }).mermaid;
          api.initialize({
            startOnLoad: false,
            securityLevel: 'strict',
            theme: 'default',
            // Plain SVG text rather than HTML in foreignObject: image viewers and editors draw it too.
            htmlLabels: false,
            state: { htmlLabels: false },
            flowchart: { htmlLabels: false },
          });
          const result = await api.render(`statechart-${name}`, text);
          return result.svg;
        },
        { name, text: mermaid },
      );
      svgs.set(name, svg);
    }
    return svgs;
  } finally {
    await browser.close();
  }
}

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

/** A white background, so the picture reads the same in a dark-themed viewer. */
const withBackground = (svg: string) => svg.replace(/^<svg /, '<svg style="background-color: white" ').replace(/ style="max-width: [^"]*"/, '');

async function main() {
  const check = process.argv.includes('--check');
  const documents = statechartDocuments();
  const stale: string[] = [];
  const toRender: { name: string; mermaid: string }[] = [];
  for (const { chart, markdown, mermaid, hash } of documents) {
    const mdPath = join(OUT_DIR, `${chart.name}.md`);
    const svgPath = join(OUT_DIR, `${chart.name}.svg`);
    if (!existsSync(mdPath) || readFileSync(mdPath, 'utf8') !== markdown) stale.push(mdPath);
    if (!existsSync(svgPath) || stampedHash(readFileSync(svgPath, 'utf8')) !== hash || process.argv.includes('--force')) {
      stale.push(svgPath);
      toRender.push({ name: chart.name, mermaid });
    }
  }
  if (check) {
    if (stale.length > 0) {
      console.error(`Out of date (run npm run statecharts): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('docs/statecharts is up to date.');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const svgs = toRender.length > 0 ? await renderSvgs(toRender) : new Map<string, string>();
  for (const { chart, markdown, hash } of documents) {
    writeFileSync(join(OUT_DIR, `${chart.name}.md`), markdown);
    const svg = svgs.get(chart.name);
    if (svg) writeFileSync(join(OUT_DIR, `${chart.name}.svg`), `${svgStamp(chart.file, hash)}\n${withBackground(svg)}\n`);
  }
  console.log(
    `Wrote ${documents.length} diagrams to ${OUT_DIR}/ (${toRender.length} SVG${toRender.length === 1 ? '' : 's'} redrawn).`,
  );
}

await main();
