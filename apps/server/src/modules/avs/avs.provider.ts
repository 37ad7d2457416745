/**
 * Age verification providers (spec 4). The service talks to one `AvsProvider`; today that is the
 * sandbox, where nothing is checked automatically: the request stays pending until it is decided on
 * the sandbox provider's own page (avs.sandbox-page.ts, reached from the dialog's AVS view, issue 14)
 * or by an operator through the internal API. A real provider (document check, bank ident) implements the
 * same interface and may answer at once (accepted / rejected) or later (pending, then the operator
 * or a webhook decides).
 */
import type { AvsRequest } from '@vela/contracts/guest-api';

/** What the guest submitted, as the provider receives it (the full document number only goes here). */
export interface AvsSubmission extends AvsRequest {
  guestId: number;
}

/** The provider's first answer. */
export type AvsProviderOutcome =
  | { status: 'pending' }
  | { status: 'accepted' }
  | { status: 'rejected'; message: string };

export interface AvsProvider {
  /** Stored with every request (`avs_requests.provider`). */
  readonly name: string;
  /** The sandbox's decision page may decide this provider's pending requests (never a real provider). */
  readonly hasDecisionPage?: boolean;
  submit(request: AvsSubmission): Promise<AvsProviderOutcome>;
}

/** The sandbox: records the request as pending; the decision comes from its page or the operator. */
export function createSandboxAvsProvider(): AvsProvider {
  return {
    name: 'sandbox',
    hasDecisionPage: true,
    async submit() {
      return { status: 'pending' };
    },
  };
}
