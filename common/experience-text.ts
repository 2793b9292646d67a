/**
 * An experience's name and description in the reader's language, decided in one place so every reader
 * (the venue pages, booking answers, the day sheet, staff's refusals, mails, calendar invitations) shows
 * the same words: the set-up's own text in that language first (server/services/experience-setup/), then
 * the catalog's translation of the English (the demo experiences' texts are in locales/server), then the
 * English as written. Pure, with nothing of the app or the server (docs/decisions/0010), so both sides may
 * import it without a cycle.
 */
import type { I18n } from '@lingui/core';

/** What the set-up wrote in one language beside English; null where that field was not written. */
export interface ExperienceOwnText {
  name: string | null;
  description: string | null;
}

/** An experience's own texts by locale (`ja`, `zh-Hant` ...); a language missing here was not written. */
export type ExperienceOwnTexts = ReadonlyMap<string, ExperienceOwnText>;

/**
 * A stored English text in the reader's language: the catalog's translation when it has one, else as
 * written. Looked up, never compiled as an ICU message, so braces or apostrophes typed by staff stay as
 * they are.
 */
export function catalogText(i18n: I18n, english: string): string {
  return Object.hasOwn(i18n.messages, english) ? i18n._(english) : english;
}

/**
 * The experience with its name and (when it has one) description in `i18n`'s language; the rest as it
 * is. `own` is the experience's own texts (`VenueCatalog.experienceTexts`); without them the catalog's
 * translation and then the English are shown.
 */
export function experienceText<T extends { name: string; description?: string }>(experience: T, i18n: I18n, own?: ExperienceOwnTexts): T {
  const written = own?.get(i18n.locale);
  const name = written?.name || catalogText(i18n, experience.name);
  if (experience.description === undefined) return { ...experience, name };
  return { ...experience, name, description: written?.description || catalogText(i18n, experience.description) };
}

/** Rows of the set-up's texts (experience_texts) grouped by experience, as `experienceText` reads them. */
export function groupExperienceTexts(rows: readonly ({ experienceId: string; locale: string } & ExperienceOwnText)[]): Map<string, ExperienceOwnTexts> {
  const byExperience = new Map<string, Map<string, ExperienceOwnText>>();
  for (const { experienceId, locale, name, description } of rows) {
    let texts = byExperience.get(experienceId);
    if (!texts) byExperience.set(experienceId, (texts = new Map()));
    texts.set(locale, { name, description });
  }
  return byExperience;
}
