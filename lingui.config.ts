import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ja', 'ko', 'th', 'zh-Hans', 'zh-Hant'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The app's texts; the shared rules in src/domain speak the server's English and are in its catalog.
    { path: '<rootDir>/locales/{locale}', include: ['src', 'machines'], exclude: ['**/src/domain/**', '**/src/staff/**', '**/src/routes/staff/**'] },
    // The staff console's own texts, loaded with its first page: a guest's first visit never downloads them.
    { path: '<rootDir>/locales/staff/{locale}', include: ['src/staff', 'src/routes/staff'] },
    // The server's answers, e-mails, statement PDF and the venues' content, by their English text.
    { path: '<rootDir>/locales/server/{locale}', include: ['server', 'src/domain'], exclude: ['**/server/bench/**'] },
  ],
  // By id: by message, the server's explicit-id texts (which have no message) kept extraction's order, which varies.
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
});
