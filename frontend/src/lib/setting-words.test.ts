import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from '@shared/config-keys';
import { en } from './i18n/en';
import { hi } from './i18n/hi';
import { addMessages, translate } from './i18n/lite';
import { defaultText, settingHelp, settingLabel } from './setting-words';

addMessages('en', en);
addMessages('hi', hi);
const tIn = (lang: string) => ((key: string, o?: Record<string, unknown>) => translate(lang, key, o)) as unknown as TFunction;

describe('the settings in words', () => {
  it('has a label and a line of help in both languages for every setting the product reads', () => {
    for (const key of Object.keys(CONFIG_KEYS)) {
      for (const messages of [en, hi]) {
        const texts = (messages.configKeys as Record<string, { label: string; help: string } | undefined>)[key];
        expect(texts?.label, `${key} label`).toBeTruthy();
        expect(texts?.help, `${key} help`).toBeTruthy();
      }
    }
  });

  it('names a setting in the page language, and a key the product does not read as stored', () => {
    expect(settingLabel(tIn('en'), 'Is_SVS_Form_On')).toBe('Registrations open');
    expect(settingLabel(tIn('hi'), 'WeeklyOffDay')).toBe('साप्ताहिक अवकाश');
    expect(settingHelp(tIn('en'), 'PerDayLimit')).toMatch(/0 = no cap/);
    expect(settingLabel(tIn('en'), 'HelpLine')).toBe('HelpLine');
    expect(settingHelp(tIn('en'), 'HelpLine')).toBe('');
  });

  it('gives the text a setting holds until saved', () => {
    expect(defaultText('Is_SVS_Form_On')).toBe('false');
    expect(defaultText('PerDayLimit')).toBe('0');
    expect(defaultText('ShiftLabels')).toContain(' | ');
    expect(defaultText('HelpLine')).toBe('');
  });
});
