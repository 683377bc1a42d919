import { useParams } from 'react-router';

/**
 * The document number of a page: its route's one parameter, whatever the route table names it
 * (:ibdNo, :obdNo, :ibdDetails, :queryValue …).
 */
export function useDocumentNumber(): string {
  return Object.values(useParams()).find((value) => value !== undefined) ?? '';
}
