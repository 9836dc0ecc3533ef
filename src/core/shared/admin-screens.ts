// The admin's screens, in the order of the dashboard: the admin's navigation and the public
// home page's first-run hint (shown to a signed-in administrator) link to them.

export const ADMIN_SCREENS = {
  dashboard: { href: '/admin/dashboard', label: 'Dashboard' },
  news: { href: '/admin/news', label: 'News' },
  events: { href: '/admin/events', label: 'Events' },
  gallery: { href: '/admin/gallery', label: 'Gallery' },
  whoWeAre: { href: '/admin/who-we-are', label: 'Who We Are' },
  whatWeDo: { href: '/admin/what-we-do', label: 'What We Do' },
  settings: { href: '/admin/settings', label: 'Site Settings' },
  administrators: { href: '/admin/administrators', label: 'Administrators' },
  activity: { href: '/admin/activity', label: 'Activity' },
} as const;

/**
 * Where an administrator changes their own password: the card on the Administrators screen, which
 * /.well-known/change-password sends password managers to (docs/decisions/101).
 */
export const CHANGE_PASSWORD_ANCHOR = 'change-password';
export const CHANGE_PASSWORD_HREF = `${ADMIN_SCREENS.administrators.href}#${CHANGE_PASSWORD_ANCHOR}`;
