/**
 * The chat tickets' own error codes (issue 18; meanings in tickets.ts), schema-free so the one list of
 * codes (error-codes.ts) can include them without importing the ticket contract.
 */
export const TICKET_ERROR_CODES = [
  'TICKET_SHOW_NOT_FOUND',
  'TICKET_SHOW_MISMATCH',
  'TICKET_SHOW_FREE',
  'TICKET_SHOW_CANCELLED',
  'TICKET_SALES_CLOSED',
  'TICKET_NOT_FOUND',
  'TICKET_NOT_RETURNABLE',
  'TICKET_PROMO_CODE_INVALID',
  'TICKET_SHOW_ENDED',
] as const;
