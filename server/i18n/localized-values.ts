/**
 * Values of a message written in the reader's language when the answer is written (`LocalizedValue`,
 * server/lib/errors.ts): a service day, a clock time, an amount, a stored name.
 */
import type { LocalizedValue } from '../lib/errors';
import { formatHkdFor } from '../../common/money';
import { formatDateFor, formatTimeFor } from '../../common/time';
import { localizeText } from './content';
import { experienceText, type ExperienceOwnTexts } from '../../common/experience-text';

/** A service day (YYYY-MM-DD). */
export const dateIn = (date: string): LocalizedValue => (i18n) => formatDateFor(date, i18n.locale);
/** A clock time, in minutes from the service day's midnight. */
export const timeIn = (minutes: number): LocalizedValue => (i18n) => formatTimeFor(minutes, i18n.locale);
/** An amount in HK cents. */
export const moneyIn = (amount: number): LocalizedValue => (i18n) => formatHkdFor(amount, i18n.locale);
/** A name stored in English (a venue, a dining area, a service), in its translation; an experience's is `experienceNameIn`. */
export const nameIn = (name: string): LocalizedValue => (i18n) => localizeText(i18n, name);
/** An experience's name in the reader's language: its own text, else the catalog's (`experienceText`). */
export const experienceNameIn =
  (experience: { name: string }, own: ExperienceOwnTexts | undefined): LocalizedValue =>
  (i18n) =>
    experienceText(experience, i18n, own).name;
