/**
 * The layers' import boundaries (eslint.config.js), checked on one-line files placed in each layer: a
 * boundary that stopped holding would let such an import into the tree unnoticed.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/api/probe.ts', "import { useToast } from '../components/toast';\nexport const probe = useToast;\n"],
    ['src/api/probe.ts', "import LoginPage from '../routes/login';\nexport const probe = LoginPage;\n"],
    ['machines/probe.ts', "import { NavBar } from '../src/components/nav-bar';\nexport const probe = NavBar;\n"],
    ['machines/probe.ts', "import { navigateTo } from '../src/navigation/navigator';\nexport const probe = navigateTo;\n"],
    ['server/probe.ts', "import { api } from '../src/api/api';\nexport const probe = api;\n"],
    ['server/probe.ts', "import { Page } from '../src/components/page';\nexport const probe = Page;\n"],
    ['src/probe.ts', "import { createApp } from '../server/app';\nexport const probe = createApp;\n"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await rulesBroken(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['server/probe.ts', "import type { paths } from '../src/api/schema';\nexport type Probe = paths;\n"],
    ['server/probe.ts', "import { depositTierFor } from '../src/domain/money';\nexport const probe = depositTierFor;\n"],
    ['src/components/probe.ts', "import { api } from '../api/api';\nexport const probe = api;\n"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual([]);
  });
});
