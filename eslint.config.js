// @ts-check
/**
 * Lint: the layers' import boundaries, no import cycles, the hooks' rules. Style is left to review: the
 * rules here are the ones that catch a wrong dependency or a bug, so the whole tree stays clean.
 */
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/** A page's address is written by `href()`/`<PageLink>` (src/navigation/navigator.ts), from its typed name. */
const PAGE_LINK_MESSAGE = 'Link to a page with <PageLink to="…"> or href("…") (src/navigation/navigator.ts), not a hand-built address.';
const HAND_BUILT_PAGE_LINKS = [
  { selector: 'Literal[value=/#\\/pages\\//]', message: PAGE_LINK_MESSAGE },
  { selector: 'TemplateElement[value.raw=/#\\/pages\\//]', message: PAGE_LINK_MESSAGE },
  { selector: "TemplateLiteral[quasis.0.value.raw='#']", message: PAGE_LINK_MESSAGE },
];

/** `from` may not be imported by files under `target` (paths from the repository root). */
const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/api/schema.d.ts', 'e2e/screenshots/**', 'test-results/**', 'playwright-report/**', 'docs/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./src/api', ['./src/components', './src/routes', './src/session', './src/booking', './src/manage', './src/payment', './src/wallet', './src/waitlist', './src/reservations', './src/navigation'], 'src/api is the transport: no UI, no pages; errors surface through the caller.'),
            zone('./machines', ['./src/components', './src/routes', './src/navigation', './src/session', './src/booking', './src/manage', './src/payment', './src/wallet', './src/waitlist'], 'A chart never imports the UI or the router (DESIGN §1).'),
            // The server follows the visit and waitlist charts (machines/), so it may import them.
            zone('./server', ['./src/components', './src/routes', './src/navigation', './src/session', './src/booking', './src/manage', './src/payment', './src/wallet', './src/waitlist', './src/i18n', './src/content', './src/dev', './src/reservations'], 'The server shares src/domain and the API schema only.'),
            zone('./server', ['./src/api'], 'The server shares the API schema types only.'),
            zone('./src', ['./server'], 'The app never imports the server.'),
            zone('./src/domain', ['./src/components', './src/routes', './src/api', './src/session', './src/navigation', './machines'], 'src/domain is pure rules both sides import.'),
          ].map((z) =>
            // The server may read the generated contract's types.
            z.message.startsWith('The server shares the API schema') ? { ...z, except: ['./schema.d.ts'] } : z,
          ),
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
    },
  },
  {
    // The app's React code; tests and Playwright fixtures have their own `use…` functions that are no hooks.
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': ['error', ...HAND_BUILT_PAGE_LINKS],
    },
  },
  {
    // The one place that writes a page's `#` address.
    files: ['src/navigation/navigator.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
