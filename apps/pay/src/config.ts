/**
 * The public configuration the pay origin injects into index.html as meta tags (pay-server.ts):
 * the page origin (PUBLIC_ORIGIN) the dialog talks to, the brand of its header and whether login
 * and signup are enabled.
 */
export interface PayConfig {
  publicOrigin: string;
  brandName: string;
  loginEnabled: boolean;
}

export function readPayConfig(doc: Pick<Document, 'querySelector'>): PayConfig | null {
  const meta = (name: string) =>
    doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
  const origin = meta('vela-public-origin');
  if (!origin) return null;
  let publicOrigin: string;
  try {
    publicOrigin = new URL(origin).origin;
  } catch {
    return null;
  }
  return {
    publicOrigin,
    brandName: meta('vela-brand-name') || 'Vela',
    loginEnabled: meta('vela-login-enabled') !== 'false',
  };
}
