import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { ActionIcon, Button, Stack, Text } from './plain.tsx';
import { useMatches } from 'react-router';
import { message } from '../../i18n/language.ts';
import { SCANNER_UI } from '../../config/labels.ts';
import { useDeviceSettings } from '../../lib/device-settings.ts';
import { BurstTracker, keyAction } from '../../lib/keyboard-wedge.ts';
import { useScanVisibility } from '../../lib/scan-visibility.ts';
import { CameraSlot } from './camera-slot.tsx';
import { BarcodeIcon, KeyboardIcon } from './icons.tsx';

export interface ScanFieldHandle {
  focus: () => void;
}

export interface ScanFieldProps {
  label: string;
  /** Called once per scan with the raw text, group separators and their textual forms preserved. */
  onScan: (raw: string) => void;
  submitLabel: string;
  placeholder?: string;
  description?: string;
  /** A message under the field (a local refusal). */
  error?: string;
  busy?: boolean;
  /** Keeps the text after a submit (a search field); a scan field clears for the next scan. */
  keepValue?: boolean;
  /** A scan screen: shows the camera view, or the notice that it is off (Barcode Scanner setting); 'force' shows the camera whatever the setting. */
  camera?: boolean | 'force';
}

const GS = '\x1d';

/** A label's width in `ch`: a CJK or full-width character takes about two. */
function labelWidth(label: string): number {
  return [...label].reduce((width, c) => width + (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
}
/** An Enter or Tab this soon after a scan committed on a pause is the scanner's terminator, not a new submit. */
const TERMINATOR_GRACE_MS = 300;

const isScanRoute = (handle: unknown) => typeof handle === 'object' && handle !== null && (handle as { back?: unknown }).back === 'scan';

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [aria-modal="true"]') !== null;
}

/**
 * The one scan input of every scan screen (decision 0010). A hardware scanner's burst is one scan
 * whether it ends with Enter, Tab or nothing (a quiet gap); a person types and presses Enter.
 * Characters are kept as typed (the domain decoder normalises `<GS>`, `{GS}`, `^]` ...); Ctrl+]
 * and the 'Unidentified' key insert a real group separator. In scanner mode the on-screen
 * keyboard stays closed (`inputMode="none"`) and the field takes focus back after each scan and
 * whenever focus falls to the page, but not while a dialog or menu is open; "Type manually"
 * opens the keyboard. On local scan pages the header's first Back hides it and the next leaves (decision 0065).
 */
export const ScanField = forwardRef<ScanFieldHandle, ScanFieldProps>(function ScanField(
  { label, onScan, submitLabel, placeholder, description, error, busy, keepValue, camera },
  ref,
) {
  const settings = useDeviceSettings();
  const [manual, setManual] = useState(false);
  const scannerMode = settings.barcodeScanner && !manual;
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const current = useRef('');
  const tracker = useRef(new BurstTracker());
  const quiet = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastQuietCommit = useRef(-Infinity);
  const input = useRef<HTMLInputElement>(null);
  const onScanRef = useRef(onScan);
  const scanRoute = useMatches().some((match) => isScanRoute(match.handle));
  const [scanVisible, setScanVisible] = useScanVisibility();
  const shown = !scanRoute || scanVisible;
  const id = `scan-${useId().replace(/:/g, '')}`;
  const shownError = error ?? (empty ? message('FIELD_EMPTY') : undefined);

  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);
  useEffect(() => {
    if (!busy && shown) input.current?.focus();
  }, [busy, shown]);
  useEffect(() => () => clearTimeout(quiet.current), []);

  const update = (next: string) => {
    current.current = next;
    setValue(next);
  };

  const commit = (how: 'key' | 'quiet' | 'button') => {
    clearTimeout(quiet.current);
    const raw = current.current;
    const now = performance.now();
    // The scanner's terminator arriving after its burst was already taken on a pause is no submit.
    const lateTerminator = now - lastQuietCommit.current < TERMINATOR_GRACE_MS;
    if (raw === '') {
      if (how !== 'quiet' && !lateTerminator) setEmpty(true);
      return;
    }
    if (busy || (keepValue && lateTerminator)) return;
    if (how === 'quiet') lastQuietCommit.current = now;
    tracker.current.reset();
    setEmpty(false);
    onScanRef.current(raw);
    if (!keepValue) update('');
    input.current?.focus();
  };

  // Typing by hand ("Type manually") only Enter submits: a pause is a person thinking.
  const armQuietGap = () => {
    clearTimeout(quiet.current);
    if (manual) return;
    quiet.current = setTimeout(() => {
      if (tracker.current.isBurst()) commit('quiet');
    }, tracker.current.quietMs);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    const previous = current.current;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const appended = next.length > previous.length && next.startsWith(previous);
    if (next === '') tracker.current.reset();
    else if (appended && inputType.startsWith('insert') && inputType !== 'insertFromPaste' && inputType !== 'insertFromDrop') {
      tracker.current.add(performance.now(), next.length - previous.length);
    } else tracker.current.markManual();
    update(next);
    setEmpty(false);
    armQuietGap();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const native = event.nativeEvent;
    const action = keyAction(
      {
        key: event.key,
        code: event.code,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        keyCode: native.keyCode,
        isComposing: native.isComposing,
      },
      !manual && tracker.current.inBurst(performance.now()),
    );
    if (action === 'pass') return;
    event.preventDefault();
    if (action === 'commit') {
      tracker.current.noteTerminator();
      commit('key');
      return;
    }
    const el = event.currentTarget;
    const text = current.current;
    const start = el.selectionStart ?? text.length;
    const end = el.selectionEnd ?? text.length;
    if (start === text.length) tracker.current.add(performance.now());
    else tracker.current.markManual();
    update(text.slice(0, start) + GS + text.slice(end));
    armQuietGap();
  };

  // Scanner mode: focus that falls to the page (a tap on empty space) comes back, dialogs aside.
  const onBlur = () => {
    if (!scannerMode) return;
    setTimeout(() => {
      const active = document.activeElement;
      if ((active === null || active === document.body) && !dialogOpen()) input.current?.focus();
    }, 0);
  };

  const toggleManual = () => {
    setManual((was) => !was);
    // A new inputMode takes effect on the next focus: blur, then focus again.
    input.current?.blur();
    setTimeout(() => input.current?.focus(), 0);
  };

  // Hidden by Back: say so (Back again leaves) and offer the way back, so a page holding only the field is never blank.
  if (!shown) {
    return (
      <Stack gap="xs" align="flex-start" role="status">
        <Text size="sm" dimmed>
          {SCANNER_UI.hidden}
        </Text>
        <Button variant="light" onClick={() => setScanVisible(true)}>
          {SCANNER_UI.show}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          commit('button');
        }}
      >
        <div
          className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
          data-size="md"
          data-error={shownError ? true : undefined}
        >
          <label
            className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
            data-size="md"
            htmlFor={id}
            id={`${id}-label`}
            style={{ '--input-label-size': 'var(--mantine-font-size-md)' } as CSSProperties}
          >
            {label}
          </label>
          {description && (
            <p
              className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
              data-size="md"
              id={`${id}-description`}
              style={
                { '--input-description-size': 'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))' } as CSSProperties
              }
            >
              {description}
            </p>
          )}
          <div
            className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
            data-variant="default"
            data-size="md"
            data-error={shownError ? true : undefined}
            data-with-right-section="true"
            data-with-left-section={settings.barcodeScanner ? true : undefined}
            style={
              {
                ...(description || shownError
                  ? {
                      '--input-margin-top': 'calc(var(--mantine-spacing-xs) / 2)',
                      '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)',
                    }
                  : {}),
                '--input-height': 'var(--input-height-md)',
                '--input-fz': 'var(--mantine-font-size-md)',
                // The button's end section grows with its label (a longer word in another language), 84 px at least.
                '--input-right-section-width': `max(calc(5.25rem * var(--mantine-scale)), calc(${labelWidth(submitLabel)}ch + 1.75rem))`,
                '--input-left-section-pointer-events': 'all',
              } as CSSProperties
            }
          >
            {settings.barcodeScanner && (
              <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
                <ActionIcon
                  variant="subtle"
                  aria-label={manual ? SCANNER_UI.useScanner : SCANNER_UI.typeManually}
                  aria-pressed={manual}
                  onClick={toggleManual}
                >
                  {manual ? <BarcodeIcon size={20} /> : <KeyboardIcon size={20} />}
                </ActionIcon>
              </div>
            )}
            <input
              ref={input}
              className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
              data-variant="default"
              data-error={shownError ? true : undefined}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={[shownError && `${id}-error`, description && `${id}-description`].filter(Boolean).join(' ') || undefined}
              id={id}
              placeholder={placeholder}
              value={value}
              onChange={onChange}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
              inputMode={scannerMode ? 'none' : 'text'}
              data-scanner-mode={scannerMode ? 'scanner' : 'manual'}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
            />
            <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
              <Button type="submit" size="compact-md" loading={busy}>
                {submitLabel}
              </Button>
            </div>
          </div>
          {shownError && (
            <p
              className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
              data-size="md"
              id={`${id}-error`}
              style={{ '--input-error-size': 'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))' } as CSSProperties}
            >
              {shownError}
            </p>
          )}
        </div>
      </form>
      {camera && <CameraSlot force={camera === 'force'} onDetected={(raw) => onScanRef.current(raw)} />}
    </Stack>
  );
});
