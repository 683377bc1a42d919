import type { Family } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import type { Actor } from './scans.service.ts';

/**
 * What a document's completion tells a party outside the warehouse, and what its reopen takes back
 * there (issue 28: the national verification system, api/verification/document-decommission.ts).
 * Declared here and implemented there, as a scan's `ScanVerifier` is, so the engine imports nothing of
 * that party; app.ts joins them.
 */
export interface CompletionHook {
  /** In the completion's transaction, once the units took the completed state: what to tell is written (an outbox), not sent. */
  completed(trx: Db, family: Family, document: DocumentRow, actor: Actor): Promise<void>;
  /** After the completion committed: what it wrote is sent. */
  committed(): void;
  /**
   * Before a reopen's transaction (a network call never holds the write lock): takes back what the
   * completion told, waiting a short while for the answer. Throws the refusal when it cannot be taken
   * back, or not yet; answers the ids of the requests that took it back, for the reopen's audit.
   */
  beforeReopen(document: DocumentRow, actor: Actor): Promise<string[]>;
}
