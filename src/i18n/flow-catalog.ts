/** The texts of booking, managing and paying (locales/flows), kept out of the first page's catalog and loaded with those pages. */
import { addPartCatalog, type CatalogLoaders } from './i18n';

const FLOW_CATALOGS: CatalogLoaders = {
  en: () => import('../../locales/flows/en.po'),
  ja: () => import('../../locales/flows/ja.po'),
  ko: () => import('../../locales/flows/ko.po'),
  th: () => import('../../locales/flows/th.po'),
  'zh-Hans': () => import('../../locales/flows/zh-Hans.po'),
  'zh-Hant': () => import('../../locales/flows/zh-Hant.po'),
};

/** Resolves once the active language's booking, managing and paying texts are loaded. */
export const loadFlowCatalog = (): Promise<void> => addPartCatalog(FLOW_CATALOGS);
