import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Suggestions } from '#app/modules/search/suggest.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { formatPrice } from '#app/modules/pricing/price-display.ts';
import { imageSources } from '#app/components/catalogue/product-card.tsx';
import { Icon } from './icons.tsx';

type Option = { id: string; kind: 'completion' | 'category' | 'product'; label: string; href: string; imagePath?: string | null; price?: string };

const debounceMs = 150;

/**
 * The header search: a GET form to /search (works without JavaScript) that, with JavaScript,
 * becomes a combobox (WAI-ARIA pattern) with suggestions while typing and popular searches on
 * focus. Requests are debounced and a newer one cancels the older.
 */
export function SearchBox({ prefix }: { prefix: string }) {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  const navigate = useNavigate();
  const listId = useId();
  const location = useLocation();
  // On the results page the box keeps what was searched for, so it can be corrected in place.
  const searched = location.pathname === `/${prefix}/search` ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [query, setQuery] = useState(searched);
  const input = useRef<HTMLInputElement>(null);
  // Words typed before the page came alive (a slow phone) are kept, not reset to the URL's query;
  // after that the box follows the query of each new results page.
  const shownQuery = useRef(searched);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== shownQuery.current) setQuery(typed);
  }, []);
  useEffect(() => {
    if (shownQuery.current === searched) return;
    shownQuery.current = searched;
    setQuery(searched);
  }, [searched]);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      fetch(`/api/search/suggest?locale=${encodeURIComponent(locale)}&q=${encodeURIComponent(value)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
        .then((result) => {
          if (!result) return;
          setSuggestions(result);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => {});
    }, debounceMs);
  };
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  const searchHref = (term: string) => `/${prefix}/search?q=${encodeURIComponent(term)}`;
  const options: Option[] = suggestions
    ? [
        ...suggestions.completions.map((term, index) => ({ id: `${listId}-c${index}`, kind: 'completion' as const, label: term, href: searchHref(term) })),
        ...suggestions.categories.map((category, index) => ({
          id: `${listId}-k${index}`,
          kind: 'category' as const,
          label: category.name,
          href: `/${prefix}/${category.urlPath}`,
        })),
        ...suggestions.products.map((product, index) => ({
          id: `${listId}-p${index}`,
          kind: 'product' as const,
          label: product.name,
          href: `/${prefix}/${product.urlKey}`,
          imagePath: product.imagePath,
          price: formatPrice(product.priceFromCents, display),
        })),
      ]
    : [];
  const expanded = open && options.length > 0;

  const choose = (option: Option) => {
    setOpen(false);
    if (option.kind === 'completion') setQuery(option.label);
    navigate(option.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!expanded) return load(query);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active] as Option);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const heading = suggestions?.query ? null : t('search.popular');
  return (
    <form className="site-search" role="search" method="get" action={`/${prefix}/search`} onSubmit={() => setOpen(false)}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('header.searchLabel')}
      </label>
      <input
        id={`${listId}-input`}
        ref={input}
        name="q"
        type="search"
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${listId}-list`}
        aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          load(event.target.value);
        }}
        onFocus={() => load(query)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="icon-button" aria-label={t('header.searchSubmit')}>
        <Icon name="search" />
      </button>
      <div className="search-suggestions" hidden={!expanded}>
        {heading && <p className="search-suggestions__heading">{heading}</p>}
        <ul id={`${listId}-list`} role="listbox" aria-label={heading ?? t('header.searchLabel')}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={index === active}
              className={`search-suggestions__option search-suggestions__option--${option.kind}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option.kind === 'product' && option.imagePath && <img {...imageSources(option.imagePath, 48)} width={48} height={48} alt="" />}
              {option.kind === 'completion' && <Icon name="search" size={16} />}
              <span className="search-suggestions__label">{option.label}</span>
              {option.price && <span className="search-suggestions__price">{option.price}</span>}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
