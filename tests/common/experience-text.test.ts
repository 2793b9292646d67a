/** `experienceText`'s order (common/experience-text.ts): the set-up's own text, then the catalog's translation, then the English. */
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { experienceText, groupExperienceTexts } from '../../common/experience-text';

/** A translator whose catalog knows one English name, as locales/server knows the demo experiences'. */
const reader = (locale: string) => setupI18n({ locale, messages: { [locale]: { 'À la Carte': `[${locale}] À la Carte` } } });
const own = groupExperienceTexts([
  { experienceId: 'x1', locale: 'ja', name: '川辺の夕餉', description: null },
  { experienceId: 'x1', locale: 'ko', name: null, description: '강변 코스' },
]).get('x1');

describe('an experience in the reader’s language', () => {
  it('takes the set-up’s own text in that language first, field by field', () => {
    const experience = { _id: 'x1', name: 'À la Carte', description: 'By the river.' };
    expect(experienceText(experience, reader('ja'), own)).toEqual({ _id: 'x1', name: '川辺の夕餉', description: 'By the river.' });
    expect(experienceText(experience, reader('ko'), own)).toEqual({ _id: 'x1', name: '[ko] À la Carte', description: '강변 코스' });
  });

  it('falls back to the catalog’s translation of the English, then to the English as written', () => {
    expect(experienceText({ name: 'À la Carte' }, reader('th'), own)).toEqual({ name: '[th] À la Carte' });
    expect(experienceText({ name: 'Riverside {Supper}', description: "Chef's" }, reader('th'))).toEqual({ name: 'Riverside {Supper}', description: "Chef's" });
  });
});
