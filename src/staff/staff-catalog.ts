/** The staff console's texts (locales/staff), kept out of the guest pages' catalog and loaded with the console. */
import { addPartCatalog, type CatalogLoaders } from '../i18n/i18n';

const STAFF_CATALOGS: CatalogLoaders = {
  en: () => import('../../locales/staff/en.po'),
  ja: () => import('../../locales/staff/ja.po'),
  ko: () => import('../../locales/staff/ko.po'),
  th: () => import('../../locales/staff/th.po'),
  'zh-Hans': () => import('../../locales/staff/zh-Hans.po'),
  'zh-Hant': () => import('../../locales/staff/zh-Hant.po'),
};

/** Resolves once the active language's staff texts are loaded. */
export const loadStaffCatalog = (): Promise<void> => addPartCatalog(STAFF_CATALOGS);
