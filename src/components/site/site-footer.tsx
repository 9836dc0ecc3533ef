import type { SiteSettings } from '../../core/settings/settings.schema.ts';
import { NavItems } from './nav-links.tsx';

type FooterSettings = Pick<SiteSettings, 'clubName' | 'messagingGroupUrl' | 'socialGroupUrl' | 'contactEmail'>;

/** SPEC §1: the footer invites visitors to the two groups and to email the club; unset links are left out. */
export function SiteFooter({ settings }: { settings: FooterSettings }) {
  const { messagingGroupUrl, socialGroupUrl, contactEmail } = settings;
  const hasInvitations = Boolean(messagingGroupUrl || socialGroupUrl || contactEmail);
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div>
          <p className="font-semibold text-slate-900">{settings.clubName}</p>
          {hasInvitations && (
            <ul className="mt-3 space-y-2 text-sm">
              {messagingGroupUrl && (
                <li>
                  <a className="text-accent underline" href={messagingGroupUrl} rel="noopener noreferrer" target="_blank">
                    Join our messaging group
                  </a>
                </li>
              )}
              {socialGroupUrl && (
                <li>
                  <a className="text-accent underline" href={socialGroupUrl} rel="noopener noreferrer" target="_blank">
                    Join our social group
                  </a>
                </li>
              )}
              {contactEmail && (
                <li>
                  <a className="text-accent underline" href={`mailto:${contactEmail}`}>
                    Email us
                  </a>
                </li>
              )}
            </ul>
          )}
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            <NavItems linkClass={() => 'text-slate-700 underline-offset-4 hover:underline'} />
          </ul>
        </nav>
      </div>
    </footer>
  );
}
