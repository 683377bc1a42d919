import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { Button, TextInput } from '@mantine/core';

export interface ScanFieldHandle {
  focus: () => void;
}

export interface ScanFieldProps {
  label: string;
  /** Called with the raw text, group separators included, when Enter is pressed or the button tapped. */
  onScan: (raw: string) => void;
  submitLabel: string;
  placeholder?: string;
  description?: string;
  /** A message under the field (a local refusal). */
  error?: string;
  busy?: boolean;
  /** Keeps the text after a submit (a search field); a scan field clears for the next scan. */
  keepValue?: boolean;
}

const GS = '\x1d';

/**
 * One field a hardware scanner types into: a burst of characters ending with Enter submits it.
 * A scanner that sends the group separator as Ctrl+] (the keyboard form of ASCII 29) gets GS
 * inserted; textual forms such as <GS> are left for the decoder. The field is focused on mount
 * and after every submit, so the next scan lands in it.
 */
export const ScanField = forwardRef<ScanFieldHandle, ScanFieldProps>(function ScanField(
  { label, onScan, submitLabel, placeholder, description, error, busy, keepValue },
  ref,
) {
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [busy]);

  const submit = () => {
    if (busy || value === '') return;
    onScan(value);
    if (!keepValue) setValue('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey && (event.key === ']' || event.code === 'BracketRight')) {
      event.preventDefault();
      const el = event.currentTarget;
      const start = el.selectionStart ?? value.length;
      const end = el.selectionEnd ?? value.length;
      setValue(value.slice(0, start) + GS + value.slice(end));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextInput
        ref={input}
        label={label}
        placeholder={placeholder}
        description={description}
        error={error}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        size="md"
        rightSectionWidth={84}
        rightSection={
          <Button type="submit" size="compact-md" loading={busy} disabled={value === ''}>
            {submitLabel}
          </Button>
        }
      />
    </form>
  );
});
