import type { FamilyLabels } from '@pharma/domain';
import type { DocumentSummary } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS, STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { Figure } from '../components/figure.tsx';
import { DocumentCard } from '../components/document-card.tsx';

/**
 * A count in the list: the documents' card with the date and the warehouse for figures. Not the lines'
 * quantities: a count has no document lines, and a blind count's expected figure is for no counter's eyes.
 */
export function StockTakeCard({ document, labels, to }: { document: DocumentSummary; labels: FamilyLabels; to: string }) {
  return (
    <DocumentCard
      document={document}
      labels={labels}
      to={to}
      figures={
        <>
          <Figure label={FIELD_LABELS.date} value={document.date} />
          <Figure label={T.warehouse} value={document.warehouseNo} />
        </>
      }
    />
  );
}
