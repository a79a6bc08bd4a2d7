/** "Expected delivery: Tuesday 1 December" (or, for a transfer still to come, "if paid today"). */
export function deliveryLine(
  t: (key: string, values?: Record<string, string>) => string,
  delivery: { date: string; ifPaidToday: boolean },
  locale: string,
): string {
  const date = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${delivery.date}T12:00:00Z`),
  );
  return t(delivery.ifPaidToday ? 'checkout.expectedDeliveryIfPaidToday' : 'checkout.expectedDelivery', { date });
}
