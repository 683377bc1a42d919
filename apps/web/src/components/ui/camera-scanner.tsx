import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Box, Button, Text } from '@mantine/core';
import { CAMERA_UI } from '../../config/labels.ts';
import type { CameraFailure } from '../../lib/camera/camera-session.ts';
import { DEFAULT_FORMATS, type CameraFormat } from '../../lib/camera/formats.ts';
import { VIEWFINDER } from '../../lib/camera/viewfinder.ts';

export interface CameraScannerProps {
  /** The raw text as a hardware scanner would send it: symbology identifier, data, GS separators. */
  onDetected: (raw: string) => void;
  /** What to read, preferred first (default: GS1 DataMatrix, GS1-128, QR, EAN/UPC). */
  formats?: readonly CameraFormat[];
}

const FAILURE_TEXT: Record<CameraFailure, string> = {
  denied: CAMERA_UI.denied,
  'no-camera': CAMERA_UI.noCamera,
  insecure: CAMERA_UI.insecure,
  failed: CAMERA_UI.failed,
};

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/**
 * The device camera as a scanner: the video with a viewfinder, each code in it reported once.
 * The camera code, the decoder and its wasm load on first use (decision 0011); the camera is
 * released when this unmounts or the page is hidden, and opened again when it shows.
 */
export function CameraScanner({ onDetected, formats = DEFAULT_FORMATS }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onDetected);
  const [state, setState] = useState<'starting' | 'live' | CameraFailure>('starting');
  const [attempt, setAttempt] = useState(0);
  const [flash, setFlash] = useState(0);
  const [decoder, setDecoder] = useState<string>();
  const visible = useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible');
  const formatKey = formats.join(',');

  useEffect(() => {
    latest.current = onDetected;
  }, [onDetected]);

  useEffect(() => {
    if (!visible || video.current === null || box.current === null) return;
    const elements = { video: video.current, box: box.current };
    let session: { stop: () => void } | undefined;
    let cancelled = false;
    setState('starting');
    void import('../../lib/camera/camera-session.ts').then(
      ({ startCameraSession }) => {
        if (cancelled) return;
        session = startCameraSession({
          ...elements,
          formats: formatKey.split(',') as CameraFormat[],
          onLive: (kind) => {
            setDecoder(kind);
            setState('live');
          },
          onFailure: setState,
          onDetected: (raw) => {
            setFlash((n) => n + 1);
            latest.current(raw);
          },
        });
      },
      () => setState('failed'),
    );
    return () => {
      cancelled = true;
      session?.stop();
    };
  }, [visible, formatKey, attempt]);

  useEffect(() => {
    if (flash === 0) return;
    const timer = setTimeout(() => setFlash(0), 300);
    return () => clearTimeout(timer);
  }, [flash]);

  const failed = state !== 'starting' && state !== 'live';
  return (
    <Box component="section" aria-label={CAMERA_UI.region} data-camera-state={state} data-decoder={decoder}>
      <Box
        ref={box}
        pos="relative"
        bg="black"
        style={{
          aspectRatio: '4 / 3',
          maxHeight: '45vh',
          width: '100%',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-md)',
          display: failed ? 'none' : undefined,
        }}
      >
        <video ref={video} muted playsInline autoPlay style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        <Box
          aria-hidden
          data-testid="viewfinder"
          pos="absolute"
          style={{
            left: `${((1 - VIEWFINDER.width) / 2) * 100}%`,
            top: `${((1 - VIEWFINDER.height) / 2) * 100}%`,
            width: `${VIEWFINDER.width * 100}%`,
            height: `${VIEWFINDER.height * 100}%`,
            border: `3px solid ${flash > 0 ? 'var(--mantine-color-green-5)' : 'rgba(255, 255, 255, 0.9)'}`,
            borderRadius: 'var(--mantine-radius-md)',
            outline: '1px solid rgba(0, 0, 0, 0.35)',
            boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.45)',
            transition: 'border-color 120ms',
          }}
        />
        <Text pos="absolute" size="sm" c="white" ta="center" style={{ left: 0, right: 0, bottom: 6 }}>
          {state === 'starting' ? CAMERA_UI.starting : CAMERA_UI.aim}
        </Text>
      </Box>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {FAILURE_TEXT[state]}
          {state === 'failed' && (
            <Button mt="xs" size="compact-sm" variant="light" onClick={() => setAttempt((n) => n + 1)}>
              {CAMERA_UI.retry}
            </Button>
          )}
        </Alert>
      )}
    </Box>
  );
}
