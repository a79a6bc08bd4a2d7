/** The views of the admin's contact inbox (shared by the page and the server module). */
export const contactInboxViews = ['open', 'handled', 'all'] as const;
export type ContactInboxView = (typeof contactInboxViews)[number];
