import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { Alert, Anchor, Text } from './plain.tsx';
import { message } from '../../i18n/language.ts';
import { SCANNER_UI } from '../../config/labels.ts';
import { useDeviceSettings } from '../../lib/device-settings.ts';
import { areaOfPath } from '../../lib/route-meta.ts';

interface CameraScannerProps {
  onDetected: (raw: string) => void;
}

// The camera decoder is a separate, lazily loaded chunk (zxing-wasm); the glob is empty, and the
// slot shows nothing, in a build without it.
const cameraModules = import.meta.glob<{ CameraScanner: ComponentType<CameraScannerProps> }>('./camera-scanner.tsx');
const loadCamera = cameraModules['./camera-scanner.tsx'];
const CameraScanner = loadCamera ? lazy(() => loadCamera().then((module) => ({ default: module.CameraScanner }))) : undefined;

/**
 * Where the camera view goes on a scan screen: with the Barcode Scanner setting on, the spec's
 * notice that the camera is off (and a way to the settings); off, the camera view.
 */
export function CameraSlot({ onDetected, force = false }: CameraScannerProps & { force?: boolean }) {
  const barcodeScanner = useDeviceSettings().barcodeScanner && !force;
  const { pathname } = useLocation();
  const area = areaOfPath(pathname);
  if (barcodeScanner) {
    return (
      <Alert color="gray" role="note" style={{ padding: 'var(--mantine-spacing-xs)' }} data-testid="camera-off">
        <Text size="xs">
          {message('CAMERA_OFF')}
          {area && (
            <>
              {' '}
              <Anchor to={`/${area.toLowerCase()}/settings`} size="xs">
                {SCANNER_UI.settingsLink}
              </Anchor>
            </>
          )}
        </Text>
      </Alert>
    );
  }
  if (!CameraScanner) return null;
  return (
    <Suspense fallback={null}>
      <CameraScanner onDetected={onDetected} />
    </Suspense>
  );
}
