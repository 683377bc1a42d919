import { useEffect, useState } from 'react';
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type Locale } from '@pharma/domain';
import { answerLanguage, message } from '../../../i18n/language.ts';
import { LanguagePicker } from '../../../components/ui/language-picker.tsx';
import { LANGUAGE_UI } from '../../../config/labels.ts';
import { errorText } from '../../../lib/api-client.ts';
import { reloadPage } from '../../../lib/language-choice.ts';
import { saveUserLanguage } from '../api/save-language.ts';
import { changeLanguage, clearLanguageSavedNote, languageSavedNote } from '../language-setting.ts';

/**
 * Settings' 'Language' (issue 33, decision 0092): a choice is saved for the user, kept for this device,
 * and the page reloads into it, then says 'Settings updated successfully!'. When the server refuses, its
 * message shows and nothing changes.
 */
export function LanguageSection() {
  const [saved, setSaved] = useState(languageSavedNote);
  useEffect(() => clearLanguageSavedNote(), []);
  const mutation = useMutation({
    mutationFn: (locale: Locale) => changeLanguage(locale, { save: saveUserLanguage, shown: answerLanguage(), reload: reloadPage }),
    onMutate: () => setSaved(false),
    onSuccess: (outcome) => setSaved(outcome === 'saved'),
  });
  // While the page reloads the picker stays still, so it never shows a language the page is not in.
  const busy = mutation.isPending || mutation.data === 'reloading';

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h5" id="language-title">
          {LANGUAGE_UI.language}
        </Title>
        <Text size="sm" c="dimmed">
          {LANGUAGE_UI.settingsHint}
        </Text>
        <LanguagePicker value={answerLanguage()} onChange={(locale) => mutation.mutate(locale)} disabled={busy} />
        {mutation.isError && (
          <Alert color="red" role="alert" variant="light">
            {errorText(mutation.error)}
          </Alert>
        )}
        {saved && (
          <Alert color="green" role="status">
            {message('SETTINGS_UPDATED')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
