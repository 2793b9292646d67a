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

/**
 * The wallet has one writer, server/services/wallet/wallet-ledger.ts: it takes the member's lock and keeps
 * the balance and fee rules (docs/decisions/0033-wallet-ledger.md). An entry written anywhere else, by
 * Drizzle or by raw SQL, in the server or in the tests and scripts that set a database up, is refused.
 */
const WALLET_WRITE_MESSAGE = 'Write wallet entries through server/services/wallet/wallet-ledger.ts (its lock and balance rule), not directly.';
const RAW_WALLET_INSERT = '/insert\\s+into\\s+("?public"?\\.)?"?wallet_/i';
const WALLET_WRITES = [
  { selector: "CallExpression[callee.property.name='insert'][arguments.0.name='walletEntries']", message: WALLET_WRITE_MESSAGE },
  { selector: "CallExpression[callee.property.name='insert'][arguments.0.property.name='walletEntries']", message: WALLET_WRITE_MESSAGE },
  { selector: `TemplateElement[value.raw=${RAW_WALLET_INSERT}]`, message: WALLET_WRITE_MESSAGE },
  { selector: `Literal[value=${RAW_WALLET_INSERT}]`, message: WALLET_WRITE_MESSAGE },
];

/**
 * The layers, each with what it may import (paths from the repository root): everything else is refused,
 * so a folder added to a layer is guarded from its first file. Packages (node_modules) are always allowed.
 * docs/ARCHITECTURE.md draws them: common ← machines ← src, common ← server (which also runs the visit and
 * waitlist charts). Tests, e2e and scripts may import anything.
 */
export const LAYERS = {
  './common': { may: ['./common'], why: 'common/ is pure rules both sides import: it imports nothing of the app, the charts or the server.' },
  './machines': { may: ['./machines', './common'], why: 'A chart imports only common/ (and other charts): never the app, its UI or router, nor the server.' },
  './server': { may: ['./server', './common', './machines', './locales'], why: 'The server imports common/ and the charts it runs, never the browser app (src/).' },
  './src': { may: ['./src', './common', './machines', './locales'], why: 'The app imports common/ and the charts, never the server.' },
};

/**
 * The server's services by domain (server/services/<domain>/), each with the other domains it may import:
 * an allow-list, as LAYERS is. Every listed domain may also import the rules every booking is checked by
 * (`booking-rules`) and the server's base: the database, server/lib, the request context's types, the
 * translator set-up, the log and the menus' files. `booking-rules` itself imports only server/db,
 * server/lib and common/: reservations, venues and staff call it, it calls none of them. A folder not
 * listed here may import only server/db, server/lib, common/ and booking-rules (not even its own files),
 * so a new domain is a conscious entry here. docs/ARCHITECTURE.md §1 has the table.
 */
export const SERVICE_DOMAINS = {
  audit: [],
  auth: ['guest-accounts', 'messaging'],
  contact: ['messaging'],
  'experience-setup': ['setup'],
  feedback: ['audit', 'auth', 'messaging', 'reservations'],
  'guest-accounts': ['auth', 'reservations'],
  'host-stand': ['audit', 'guest-accounts', 'guest-book', 'pay-link', 'reservations', 'staff', 'venues'],
  'guest-book': ['audit', 'auth', 'guest-accounts', 'payments', 'reservations'],
  messaging: [],
  'pay-link': ['audit', 'messaging', 'reservations'],
  payments: ['audit', 'experience-setup', 'messaging', 'reservations', 'wallet'],
  privacy: ['audit', 'auth', 'feedback', 'guest-accounts', 'messaging', 'reservations'],
  reports: [],
  reconfirmation: ['audit', 'messaging', 'reservations', 'staff'],
  reservations: ['auth', 'experience-setup', 'messaging', 'payments', 'reconfirmation', 'venues', 'waitlist'],
  setup: ['audit', 'experience-setup', 'staff'],
  staff: ['audit', 'auth', 'experience-setup', 'guest-accounts', 'guest-book', 'pay-link', 'payments', 'reservations', 'venues', 'wallet'],
  'venue-setup': ['audit', 'setup'],
  venues: ['venue-setup'],
  waitlist: ['auth', 'messaging', 'reservations'],
  'walk-ins': ['audit', 'auth', 'messaging', 'reservations', 'staff'],
  wallet: ['messaging'],
};

const SERVER_BASE = ['./db', './lib', './context.ts', './i18n', './observability', './menus'];
const SERVICES = './server/services';

/** A zone per domain: from the whole server, except its own folder, the domains it may import, booking-rules and the base. */
const serviceZones = [
  ...Object.entries(SERVICE_DOMAINS).map(([domain, may]) => ({
    target: `${SERVICES}/${domain}`,
    from: './server',
    except: [...SERVER_BASE, ...[domain, 'booking-rules', ...may].map((d) => `./services/${d}`)],
    message: `server/services/${domain} may import only ${[...may, 'booking-rules'].join(', ')} of the services (SERVICE_DOMAINS in eslint.config.js).`,
  })),
  {
    target: `${SERVICES}/booking-rules`,
    from: './',
    except: ['./server/db', './server/lib', './server/services/booking-rules', './common', './node_modules'],
    message: 'booking-rules are the rules every booking is checked by: they import only server/db, server/lib and common/, and no service that calls them.',
  },
  {
    // Any other folder, and a file straight in server/services/: only db, lib, common and booking-rules.
    target: [`${SERVICES}/!(${[...Object.keys(SERVICE_DOMAINS), 'booking-rules'].join('|')})/**`, `${SERVICES}/*.ts`],
    from: './server',
    except: ['./db', './lib', './services/booking-rules'],
    message: 'A services folder not listed in SERVICE_DOMAINS (eslint.config.js) may import only server/db, server/lib, common/ and booking-rules: add it there with the domains it may import.',
  },
];

/**
 * Inside the app (docs/ARCHITECTURE.md §1), each folder of src/ with the folders of src/ it may import
 * beside itself (common/, the charts and packages are the layers' business). Allow-lists: what is not
 * named is refused, so a new folder is covered from its first file.
 *
 * The shared pieces, each kept to what it needs: every feature may import APP_SHARED.
 */
const APP_SHARED = ['components', 'api', 'navigation', 'i18n', 'session'];
export const APP_SHARED_PIECES = {
  api: { may: ['i18n'], why: 'src/api is the transport: no UI, no pages, no flows; errors surface through the caller.' },
  i18n: { may: ['api'], why: "src/i18n is the texts and formats: it knows the transport's failures only to name them." },
  components: {
    may: ['api', 'i18n', 'navigation', 'session', 'content', 'first-view'],
    why: 'src/components are the pieces every page shares: they use no feature (move what two features share here).',
  },
  navigation: {
    may: ['api', 'i18n', 'session', 'content', 'routes', 'staff', 'dev'],
    why: "src/navigation is the route table: it loads the pages (and the staff console's catalog, the development page) lazily, and uses no feature.",
  },
  session: { may: ['api', 'dev'], why: "src/session is the session chart's actor: the transport, and the development inspector that watches it." },
  'first-view': { may: ['i18n', 'navigation'], why: "src/first-view reads the build's first views: their address and language, no page or feature." },
  content: { may: ['assets'], why: "src/content is the club's fixed texts and pictures (src/assets): data that imports nothing else of the app." },
  assets: { may: [], why: 'src/assets is pictures only.' },
};

/**
 * The features: each may import the shared pieces, itself, and the features it names here, each with the
 * reason. A folder of src/ named nowhere is a feature that names none.
 */
export const APP_FEATURES = {
  booking: {
    may: ['payment', 'dev'],
    why: "the booking chart invokes the payment chart, so its provider supplies the payment's actors; the development inspector (dev/dev-inspect.ts) watches its actor.",
  },
  payment: {
    may: ['booking'],
    why: "the card form is a step of the booking wizard: it shows the wizard's working line (booking/booking-step.tsx) and the receipt reads what the booking chart paid (booking/booking-context.ts).",
  },
  manage: {
    may: ['payment', 'booking'],
    why: "a change that costs more is paid through the payment panel and its chart; the change form asks the time with the wizard's own time buttons (booking/time-buttons.tsx), so a change feels like booking.",
  },
  wallet: { may: ['payment'], why: 'a top-up is paid through the payment panel and its chart.' },
  waitlist: {
    may: ['booking'],
    why: "a guest joins the waitlist from the booking's search, with its day, party and time (booking/booking-context.ts).",
  },
  staff: {
    may: ['booking', 'manage'],
    why: "the set-up previews the policy as guests read it (booking/policy-texts.ts), and staff cancel for a guest under the terms the guest is shown (manage/cancellation-terms.ts).",
  },
  reservations: { may: [], why: '' },
  feedback: { may: [], why: '' },
  dev: { may: [], why: '' },
};

/** The pages (one file per page) and the entry files at src/'s top put the features together: any folder of src/. */
const APP_PAGES = ['routes'];

const SHARE_HINT = 'Move what features share into src/components (or another shared piece), or name it in APP_FEATURES with its reason.';
const featureMessage = (name, { may, why }) =>
  `src/${name} may import the shared pieces (src/${APP_SHARED.join(', src/')})${may.length ? ` and src/${may.join(', src/')}: ${why}` : '.'} ${SHARE_HINT}`;

/** A zone per folder of src/: from all of src/, except the folder itself and what it may import. */
const APP_ZONES = [
  ...Object.entries(APP_SHARED_PIECES).map(([name, { may, why }]) => ({
    target: `./src/${name}`,
    from: './src',
    except: [name, ...may].map((folder) => `./${folder}`),
    message: why,
  })),
  ...Object.entries(APP_FEATURES).map(([name, feature]) => ({
    target: `./src/${name}`,
    from: './src',
    except: [name, ...APP_SHARED, ...feature.may].map((folder) => `./${folder}`),
    message: featureMessage(name, feature),
  })),
  {
    // A folder nobody named yet: it may not use a named feature or a page.
    target: `./src/!(${[...Object.keys(APP_SHARED_PIECES), ...Object.keys(APP_FEATURES), ...APP_PAGES].join('|')})/**`,
    from: [...Object.keys(APP_FEATURES), ...APP_PAGES].map((folder) => `./src/${folder}`),
    message: `A folder not named in APP_FEATURES may import only the shared pieces (src/${APP_SHARED.join(', src/')}). ${SHARE_HINT}`,
  },
];

/** A zone per layer: from the whole tree, except what the layer may import and the packages. */
const layerZones = Object.entries(LAYERS).map(([target, { may, why }]) => ({
  target,
  from: './',
  except: [...may, './node_modules'],
  message: why,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'common/api/schema.d.ts', 'e2e/screenshots/**', 'test-results/**', 'playwright-report/**', 'docs/**'] },
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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...APP_ZONES, ...serviceZones] }],
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
    // The server, and the tests and scripts that set a database up: all through the ledger.
    files: ['server/**/*.ts', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    // The wallet's own module, and the lint rule's test, whose samples of refused code are strings.
    ignores: ['server/services/wallet/**', 'tests/lint/wallet-writers.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...WALLET_WRITES] },
  },
  {
    // The one place that writes a page's `#` address.
    files: ['src/navigation/navigator.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
