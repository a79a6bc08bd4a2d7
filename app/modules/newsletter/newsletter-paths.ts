/** Pages of the newsletter below the storefront prefix, and the one-click endpoint (RFC 8058). */
export const newsletterPath = 'newsletter';
export const newsletterConfirmPath = 'newsletter/confirm';
export const newsletterUnsubscribePath = 'newsletter/unsubscribe';
/** Mail clients POST `List-Unsubscribe=One-Click` here, without cookies; the token is the proof. */
export const oneClickUnsubscribePath = '/api/newsletter/unsubscribe';
