import { type ReactNode, startTransition, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { Icon } from '#app/components/shell/icons.tsx';

/** Where the form is: in the phone's open drawer (no "Apply" button there), or in the page. */
export interface FormPlace {
  inDrawer: boolean;
}

/** Where the filters are a column beside the results (the CSS breakpoint lg). */
const phoneQuery = '(max-width: 1023.98px)';

/**
 * True on narrow screens once JavaScript runs; false on the server and while hydrating. The switch
 * after hydration is a transition: on a phone it replaces the filter form with the drawer's
 * button, and as an external store's change (useSyncExternalStore) that render was synchronous,
 * one long task of the page's start (issue 14).
 */
function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(phoneQuery);
    const follow = () => startTransition(() => setNarrow(query.matches));
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}

/**
 * The listing's filters. Without JavaScript, and on wide screens, a <details> (always open beside
 * the results on wide screens). On a phone with JavaScript a "Filters" button opens them in a modal
 * dialog (focus kept inside, Esc and a close button), so the results are not pushed down; its
 * "Show N results" button applies what was typed and closes it (issue 22).
 * `form(id, where)` renders the filter form; `total` is the live count of results.
 */
export function FiltersDrawer({ form, total, activeCount }: { form: (id: string, where: FormPlace) => ReactNode; total: number; activeCount: number }) {
  const { t } = useI18n();
  const narrow = useNarrowScreen();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  const label = activeCount > 0 ? t('listing.filtersWithCount', { count: activeCount }) : t('listing.filters');
  if (!narrow) {
    return (
      <details className="filters">
        <summary>{label}</summary>
        {form(`${id}-form`, { inDrawer: false })}
      </details>
    );
  }
  return (
    <>
      <button
        type="button"
        className="filters filters__open"
        aria-haspopup="dialog"
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} className="filters-drawer" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
        <div className="filters-drawer__head">
          <h2 id={`${id}-title`}>{t('listing.filters')}</h2>
          <button type="button" className="icon-button" aria-label={t('listing.closeFilters')} onClick={() => dialog.current?.close()}>
            <Icon name="close" />
          </button>
        </div>
        {/* The form only while the drawer is open (it is made anew on opening anyway, keyed by it): after
            hydration a phone would otherwise build its hundreds of elements again for a closed dialog. */}
        <div className="filters-drawer__body">{open && form(`${id}-form`, { inDrawer: true })}</div>
        <div className="filters-drawer__foot">
          <p className="visually-hidden" role="status">
            {t('listing.productCount', { count: total })}
          </p>
          {/* Submits too, so a typed price counts; the choices already applied as they were made. */}
          <button type="submit" form={`${id}-form`} className="button button--primary" onClick={() => dialog.current?.close()}>
            {t('listing.showResults', { count: total })}
          </button>
        </div>
      </dialog>
    </>
  );
}
