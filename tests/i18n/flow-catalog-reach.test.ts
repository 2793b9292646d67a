/**
 * A text of the flows' catalog (locales/flows: booking, managing, paying) never shows as its id: the files
 * it takes texts from are reached only from the pages that load it with them (`flowPage` in
 * src/navigation/routes.ts), never from the shell or another page, which have the start catalog only.
 */
import { getCatalogs } from '@lingui/cli/api';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../lingui.config';
import { importChain, importedBy } from '../support/fixtures/import-graph';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUTE_TABLE = join(ROOT, 'src/navigation/routes.ts');
const SHELL_STARTS = ['src/main.tsx', 'src/render-app.tsx'].map((file) => join(ROOT, file));

/** The source files Lingui extracts a catalog (`/locales/flows/`, `/locales/staff/`) from, as it resolves the config. */
async function catalogSources(part: string): Promise<Set<string>> {
  const catalogs = await getCatalogs({
    ...config,
    rootDir: ROOT,
    catalogs: config.catalogs!.map((catalog) => ({ ...catalog, path: catalog.path.replace('<rootDir>', ROOT) })),
  } as never);
  const found = catalogs.find((catalog) => catalog.path.includes(part))!;
  return new Set(found.sourcePaths.map((file) => resolve(ROOT, file)));
}
const flowSources = () => catalogSources('/locales/flows/');

const pages = readdirSync(join(ROOT, 'src/routes'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => join(ROOT, 'src/routes', file));

describe('the flows catalog', () => {
  it('takes texts from no file the shell or a page outside the flows reaches, unless the staff catalog has them too', async () => {
    const flowFiles = await flowSources();
    const staffFiles = await catalogSources('/locales/staff/');
    const isStaffPage = (page: string) => relative(ROOT, page).startsWith('src/routes/staff/');
    // The route table loads each page (and the staff console) with its own catalog; what a page reaches is walked from that page.
    const leaksFrom = (starts: string[], loaded: Set<string>) => {
      const reached = importedBy(starts, (from, to) => !(from === ROUTE_TABLE && (pages.includes(to) || isStaffPage(to))));
      return [...reached.keys()]
        .filter((file) => flowFiles.has(file) && !loaded.has(file))
        .map((file) => importChain(reached, file).map((step) => relative(ROOT, step)).join(' → '));
    };
    const others = pages.filter((page) => !flowFiles.has(page) && !isStaffPage(page));
    expect(leaksFrom([...SHELL_STARTS, ...others], new Set())).toEqual([]);
    // The staff console's pages load its own catalog, which may hold a flow file's texts too (the policy texts).
    expect(leaksFrom(pages.filter(isStaffPage), staffFiles)).toEqual([]);
  });

  it('is loaded by the route of every page whose texts it holds', async () => {
    const flowFiles = await flowSources();
    const routeTable = readFileSync(ROUTE_TABLE, 'utf8');
    const flowPages = pages.filter((page) => flowFiles.has(page)).map((page) => relative(join(ROOT, 'src/routes'), page).replace(/\.tsx$/, ''));
    expect(flowPages.length).toBeGreaterThan(0);
    const unwrapped = flowPages.filter((name) => !routeTable.includes(`flowPage(() => import('../routes/${name}'))`));
    expect(unwrapped).toEqual([]);
  });
});
