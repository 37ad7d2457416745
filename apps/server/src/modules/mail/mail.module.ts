/**
 * The mail module: outgoing mail (the outbox table, and SMTP when SMTP_URL is set) for the other
 * modules, and the outbox page, which exists outside production only (404 in production, whatever
 * the pages say).
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createMailRepository } from './mail.repository.ts';
import { devMailRoutes } from './mail.routes.ts';
import { createMailer, type Mailer } from './mailer.ts';

export interface MailModule extends FeatureModule {
  mailer: Mailer;
}

export function createMailModule(deps: Pick<FeatureModuleDeps, 'db' | 'config' | 'log'>): MailModule {
  const mailer = createMailer({
    db: deps.db,
    smtpUrl: deps.config.smtpUrl,
    mailFrom: deps.config.mailFrom,
    log: deps.log,
  });
  return {
    mailer,
    routes: devMailRoutes({
      repository: createMailRepository(deps.db),
      enabled: deps.config.nodeEnv !== 'production',
    }),
    stop: () => mailer.close(),
  };
}
