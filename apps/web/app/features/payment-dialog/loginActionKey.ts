/**
 * The local storage key of the stored login action (spec 3 `onLoginAction`), for the page's first
 * render: the contract module that defines it (`ON_LOGIN_ACTION_STORAGE_KEY` of
 * @vela/contracts/payment-messages) also holds the dialog's zod schemas, which load only with the
 * first dialog (issue 15: first load on a phone). loginActionKey.test.ts keeps both the same.
 */
export const LOGIN_ACTION_STORAGE_KEY = 'onLoginAction';
