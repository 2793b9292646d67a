/**
 * The first view: before the app's code has arrived, the page asked for is shown from the copy the build
 * rendered of it (scripts/first-views.ts) in the language the server chose for this page (its `lang`),
 * so a guest reads the venue and its hours while React loads; the app then replaces it with the same
 * page (src/main.tsx). A guest who chose another language here before sees no first view.
 *
 * A classic script at the end of the page, run before its first paint. It also starts the app, whose
 * script and preloads the build moved into a template: at once, or when a first view is shown, once it
 * and its pictures are painted, so the app's code does not take the network from the view's styles and
 * pictures, and the app does not replace a picture not yet shown (src/first-view/first-view-pictures.ts).
 */
import { isLocale } from '../../common/locales';
import { LOCALE_STORAGE_KEY, rememberLocale } from '../i18n/locale-storage';
import {
  APP_START_TEMPLATE_ID,
  FIRST_VIEW_ATTRIBUTE,
  firstViewAddress,
  LANGUAGE_SWITCH_ATTRIBUTE,
  TEMPLATE_ADDRESSES_ATTRIBUTE,
  TEMPLATE_TITLE_ATTRIBUTE,
} from './first-view-address';
import { untilPicturesPainted } from './first-view-pictures';

function chosenLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage refused (a private window's settings): the page's language is the best guess there is.
    return null;
  }
}

function showFirstView(root: HTMLElement | null): boolean {
  if (!root || root.hasChildNodes()) return false;
  const chosen = chosenLocale();
  if (isLocale(chosen) && chosen !== document.documentElement.lang) return false;
  const address = firstViewAddress(location.hash);
  const template = [...document.querySelectorAll<HTMLTemplateElement>(`template[${TEMPLATE_ADDRESSES_ATTRIBUTE}]`)].find((t) =>
    t.getAttribute(TEMPLATE_ADDRESSES_ATTRIBUTE)!.split(' ').includes(address),
  );
  if (!template) return false;
  root.append(template.content.cloneNode(true));
  root.setAttribute(FIRST_VIEW_ATTRIBUTE, address);
  document.title = template.getAttribute(TEMPLATE_TITLE_ATTRIBUTE) ?? document.title;
  followLanguageChoice(root);
  return true;
}

/**
 * The view's language menu works before the app does: the choice is remembered as the app remembers it,
 * and the page is loaded again, which the server then serves in that language. (Left to the app, the
 * choice would be lost when the app replaces the view with its own menu.)
 */
function followLanguageChoice(root: HTMLElement): void {
  const menu = root.querySelector(`select[${LANGUAGE_SWITCH_ATTRIBUTE}]`);
  menu?.addEventListener('change', () => {
    const locale = (menu as HTMLSelectElement).value;
    if (!isLocale(locale)) return;
    rememberLocale(locale);
    location.reload();
  });
}

function startApp(): void {
  const start = document.getElementById(APP_START_TEMPLATE_ID);
  if (start instanceof HTMLTemplateElement) document.head.append(document.importNode(start.content, true));
}

const root = document.getElementById('root');
let shown = false;
try {
  shown = showFirstView(root);
} catch {
  // An older browser without what this needs: the app renders the page itself.
}
// A hidden tab paints nothing.
if (shown && document.visibilityState === 'visible') void untilPicturesPainted(root!).then(startApp);
else startApp();
