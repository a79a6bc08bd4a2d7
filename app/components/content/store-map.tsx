import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * A static street map drawn by the shop (no map service, no cookies, no request to a third party):
 * a stylised block of streets with the store's street along the middle and a pin on it.
 */
export function StoreMap({ name, street, city }: { name: string; street: string; city: string }) {
  const { t } = useI18n();
  const streetName = street.replace(/\s+\d.*$/, '');
  return (
    <svg className="store-map" viewBox="0 0 320 180" role="img" aria-label={t('content.stores.mapLabel', { name, street, city })}>
      <rect width="320" height="180" fill="#eef1ea" />
      <path d="M0 40h320M0 140h320M60 0v180M250 0v180" stroke="#ffffff" strokeWidth="10" />
      <path d="M200 0c-20 60 10 120-30 180" stroke="#b9d7ea" strokeWidth="16" fill="none" />
      <rect x="75" y="55" width="90" height="30" rx="3" fill="#dfe5d8" />
      <rect x="75" y="105" width="160" height="25" rx="3" fill="#dfe5d8" />
      <path d="M0 92h320" stroke="#ffffff" strokeWidth="14" />
      <text x="12" y="88" fontSize="10" fill="#4f5752" fontFamily="system-ui, sans-serif">
        {streetName}
      </text>
      <g transform="translate(150 92)">
        <path d="M0 0c-10-14-14-20-14-27a14 14 0 0 1 28 0c0 7-4 13-14 27z" fill="#1f6b36" />
        <circle cy="-27" r="5" fill="#f5c400" />
      </g>
    </svg>
  );
}
