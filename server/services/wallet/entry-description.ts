/**
 * A wallet or card entry's description: stored in English for anyone reading the table, with the message
 * a composed one came from, so each reader gets it in their language.
 */
import type { I18n } from '@lingui/core';
import type { DescriptionMessage } from '../../db/schema';
import { translatorFor } from '../../i18n/translator';
import { DEFAULT_LOCALE } from '../../../common/locales';
import { catalogText } from '../../../common/experience-text';

/** A wallet or card entry's description as stored: English, and the message a composed one came from. */
export interface StoredDescription {
  description: string;
  descriptionMessage: DescriptionMessage | null;
}

/**
 * What to store for a description the server composes from values: the English text (for anyone
 * reading the table) and the message, so each reader gets it in their language. `id` is an English ICU
 * template marked `/*i18n*\/` where it is written.
 */
export function composeDescription(id: string, values: DescriptionMessage['values']): StoredDescription & { descriptionMessage: DescriptionMessage } {
  return { description: translatorFor(DEFAULT_LOCALE)._(id, values), descriptionMessage: { id, values } };
}

/** A stored description in the reader's language: a composed one rendered from its message, a plain one looked up. */
export function localizeDescription(i18n: I18n, entry: StoredDescription): string {
  const message = entry.descriptionMessage;
  return message ? i18n._(message.id, message.values) : catalogText(i18n, entry.description);
}
