/** The look of 'Scheduled: on the site from …' on the news list and the dashboard: the date's place, in the colour of a note to act on. */
export const SCHEDULED = 'text-sm font-semibold text-amber-900';
