import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { validateLooseCode } from '@pharma/domain';
import { DOCUMENT_UI } from '../../../config/labels.ts';
import { NEW_DOCUMENT } from '../../../config/routes.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { documentKey, getDocument } from '../api/get-document.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import type { DocumentPageProps } from '../types.ts';

/**
 * The document number step ('Scan IBD No.', 'Scan OBD No.', 'Scan Scrapping Note' …, on
 * /rdc/scanOperation/new?p= and /ldc/ScanOperation/new): scan or type the number, then scan its
 * units. A queryValue that already names a document goes straight to its unit scan.
 */
export function ScanDocumentPage({ area, family, paths, number }: DocumentPageProps) {
  const queryValue = number || NEW_DOCUMENT;
  const can = useDocumentPermissions(family, area);
  const signedIn = useSession().status === 'authenticated';
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Signed out (a sign-out from this page): the page guard sends the user to the login page, not to 403.
  if (!can.scan) return signedIn ? <Navigate to="/403" replace /> : null;
  if (queryValue !== NEW_DOCUMENT) return <Navigate to={paths.scanUnits(queryValue)} replace />;

  const open = async (raw: string) => {
    const typed = validateLooseCode(raw);
    if (!typed.ok) {
      setError(typed.message);
      return;
    }
    setBusy(true);
    try {
      await client.fetchQuery({
        queryKey: documentKey(family.type, typed.value, area),
        queryFn: () => getDocument(family, typed.value, area),
      });
      setError(undefined);
      void navigate(paths.scanUnits(typed.value));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <ScanField
        label={family.labels.number}
        placeholder={DOCUMENT_UI.scanPlaceholder}
        submitLabel={DOCUMENT_UI.go}
        error={error}
        busy={busy}
        onScan={(raw) => void open(raw)}
      />
    </Stack>
  );
}
