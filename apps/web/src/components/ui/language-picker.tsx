import { SegmentedControl } from '@mantine/core';
import { isLocale, LOCALES, type Locale } from '@pharma/domain';
import { LANGUAGE_UI } from '../../config/labels.ts';
import { LANGUAGE_NAMES } from '../../lib/language-choice.ts';

const OPTIONS = LOCALES.map((locale) => ({
  value: locale,
  // Marked with its language, so a screen reader reads '简体中文' as Chinese.
  label: <span lang={locale}>{LANGUAGE_NAMES[locale]}</span>,
}));

export interface LanguagePickerProps {
  /** The language shown now: a choice changes it only through a reload (decision 0092). */
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
}

/**
 * The languages side by side, each named in its own words (issue 33): one tap, a 44 px target, the
 * names wrapping onto two lines on a 360 px screen rather than being cut; a radio group named 'Language'.
 */
export function LanguagePicker({ value, onChange, disabled }: LanguagePickerProps) {
  return (
    <SegmentedControl
      aria-label={LANGUAGE_UI.language}
      data={OPTIONS}
      value={value}
      onChange={(chosen) => {
        if (isLocale(chosen) && chosen !== value) onChange(chosen);
      }}
      disabled={disabled}
      fullWidth
      size="md"
      styles={{
        label: {
          whiteSpace: 'normal',
          lineHeight: 1.2,
          minHeight: 44,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          paddingInline: 6,
        },
      }}
    />
  );
}
