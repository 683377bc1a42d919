import { useState } from 'react';
import { Alert, Button, Card, Stack, Switch, TextInput } from '@mantine/core';
import { message } from '../../../i18n/language.ts';
import { SCANNER_UI } from '../../../config/labels.ts';
import { readDeviceSettings, writeDeviceSettings } from '../../../lib/device-settings.ts';
import { LanguageSection } from './language-section.tsx';

/**
 * /ldc/settings and /rdc/settings, 'Settings': the settings of this device. Barcode Scanner on
 * means a hardware scanner types the codes and scan screens show the camera notice instead of
 * the camera view (spec point 8); the reader name is what scans name as their device, for the
 * warehouse's reader settings (decision 0042); saved with 'Settings updated successfully!'. Then the
 * user's language (issue 33), saved for them and this device as soon as it is chosen.
 */
export function SettingsPage() {
  const [draft, setDraft] = useState(readDeviceSettings);
  const [saved, setSaved] = useState(false);

  return (
    <Stack gap="sm">
      <Card withBorder padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            writeDeviceSettings(draft);
            setSaved(true);
          }}
        >
          <Stack gap="md">
            <Switch
              size="md"
              label={SCANNER_UI.barcodeScanner}
              description={SCANNER_UI.barcodeScannerHint}
              checked={draft.barcodeScanner}
              onChange={(event) => {
                setDraft({ ...draft, barcodeScanner: event.currentTarget.checked });
                setSaved(false);
              }}
            />
            <TextInput
              label={SCANNER_UI.readerName}
              description={SCANNER_UI.readerNameHint}
              maxLength={100}
              value={draft.readerName}
              onChange={(event) => {
                setDraft({ ...draft, readerName: event.currentTarget.value });
                setSaved(false);
              }}
            />
            <Button type="submit">{SCANNER_UI.save}</Button>
          </Stack>
        </form>
      </Card>
      {saved && (
        <Alert color="green" role="status">
          {message('SETTINGS_UPDATED')}
        </Alert>
      )}
      <LanguageSection />
    </Stack>
  );
}
