import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ScanIcon } from '@/components/ui/icons';

// The scanner (its image processing and the PDF writer) is fetched when it is first opened, never with the page.
const ScannerDialog = lazy(() => import('./scanner-dialog'));

type TScanButtonProps = {
  /** The scanned pages as one PDF, to attach. */
  onScanned: (file: File) => void;
  disabled?: boolean;
};

/** "Scan with camera": opens the scanner, which hands back the pages as one PDF. */
export function ScanButton({ onScanned, disabled = false }: TScanButtonProps) {
  const { t } = useTranslation('scan');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" className="self-start" disabled={disabled} onClick={() => setOpen(true)}>
        <ScanIcon className="size-4" aria-hidden="true" />
        {t('button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ScannerDialog
            onClose={() => setOpen(false)}
            onDone={(file) => {
              setOpen(false);
              onScanned(file);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
