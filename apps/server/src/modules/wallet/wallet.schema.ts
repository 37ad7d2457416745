/** The wallet REST shapes live in @vela/contracts/wallet-api (shared with the pages and the dialog). */
export {
  DEFAULT_HISTORY_PAGE,
  type GuestBalance,
  GuestBalanceSchema,
  MAX_HISTORY_PAGE,
  type Transaction,
  TransactionSchema,
  type TransactionsPage,
  TransactionsPageSchema,
  type TransactionsQuery,
  TransactionsQuerySchema,
} from '@vela/contracts/wallet-api';
