import { Link } from 'react-router';
import type { NavigationCategory } from '#app/modules/catalogue/category-tree.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';
import { InstallAppEntry } from './app-notices.tsx';
import { Icon, Logo } from './icons.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { SearchBox } from './search-box.tsx';

interface SiteHeaderProps {
  prefix: string;
  shopName: string;
  categoryTree: NavigationCategory[];
  cartItemCount: number;
  /** The logged-in customer's first name; null for guests. */
  customerFirstName: string | null;
}

export function SiteHeader({ prefix, shopName, categoryTree, cartItemCount, customerFirstName }: SiteHeaderProps) {
  const { t } = useI18n();
  const home = `/${prefix}`;
  const followLink = usePlainLinkClicks();
  return (
    // Its links are plain <a> elements followed by one handler (decision 0050).
    <header className="site-header" onClick={followLink}>
      <div className="site-header__bar container">
        <NavDrawer>
          <nav aria-label={t('header.mainNavigation')}>
            <ul className="nav-drawer__list">
              {categoryTree.map((category) => (
                <li key={category.code}>
                  <a href={`${home}/${category.urlPath}`}>{category.name}</a>
                  {category.children.length > 0 && (
                    <ul>
                      {category.children.map((child) => (
                        <li key={child.code}>
                          <a href={`${home}/${child.urlPath}`}>{child.name}</a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <InstallAppEntry placement="menu" />
        </NavDrawer>
        <a className="site-header__logo" aria-label={t('header.homeLink', { shopName })} href={home}>
          <Logo shopName={shopName} />
        </a>
        <SearchBox prefix={prefix} />
        <nav className="site-header__actions" aria-label={t('header.account')}>
          <InstallAppEntry placement="header" />
          <a className="icon-button" href={customerFirstName ? `${home}/customer` : `${home}/customer/account/login`}>
            <Icon name="account" />
            <span className="icon-button__label">{customerFirstName ? t('header.accountOf', { name: customerFirstName }) : t('header.logIn')}</span>
          </a>
          <a className="icon-button" href={`${home}/customer/wishlists`}>
            <Icon name="heart" />
            <span className="icon-button__label">{t('header.wishlist')}</span>
          </a>
          {/* The name starts with what is seen ("Cart", the count) and says the count in words (WCAG 2.5.3). */}
          <a className="icon-button cart-link" href={`${home}/checkout`}>
            <Icon name="cart" />
            <span className="icon-button__label">{t('header.cart')}</span>
            {cartItemCount > 0 && (
              <span className="cart-link__count" aria-hidden="true">
                {cartItemCount}
              </span>
            )}
            <span className="visually-hidden"> {t('header.cartCount', { count: cartItemCount })}</span>
          </a>
        </nav>
      </div>
      <nav className="category-menu" aria-label={t('header.mainNavigation')}>
        <ul className="category-menu__list container">
          {categoryTree.map((category) => (
            <li key={category.code} className="category-menu__item">
              <a className="category-menu__link" href={`${home}/${category.urlPath}`}>
                {category.name}
              </a>
              {category.children.length > 0 && (
                <ul className="category-menu__submenu">
                  {category.children.map((child) => (
                    <li key={child.code}>
                      <a href={`${home}/${child.urlPath}`}>{child.name}</a>
                    </li>
                  ))}
                  <li className="category-menu__all">
                    <a href={`${home}/${category.urlPath}`}>{t('header.showAll', { category: category.name })}</a>
                  </li>
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

export function UspBar() {
  const { t } = useI18n();
  return (
    <section className="usp-bar" aria-label={t('usp.label')}>
      <ul className="usp-bar__list container">
        <li>
          <Icon name="truck" size={20} /> {t('usp.fastDelivery')}
        </li>
        <li>
          <Icon name="scissors" size={20} /> {t('usp.cutToLength')}
        </li>
        <li>
          <Icon name="palette" size={20} /> {t('usp.largeAssortment')}
        </li>
      </ul>
    </section>
  );
}

/**
 * The header during the checkout steps: the logo, that the checkout is secure and the way back to
 * the cart, nothing to wander off to (no search, menu or selling points), so the form has the room.
 * It holds the live region that announces each new step (CheckoutPage).
 */
export function CheckoutHeader({ prefix, shopName }: { prefix: string; shopName: string }) {
  const { t } = useI18n();
  return (
    <header className="site-header site-header--checkout">
      <div className="site-header__bar container">
        <Link to={`/${prefix}`} className="site-header__logo" aria-label={t('header.homeLink', { shopName })}>
          <Logo shopName={shopName} />
        </Link>
        <p className="checkout-header__secure">{t('checkout.secureCheckout')}</p>
        <Link to={`/${prefix}/checkout`} className="checkout-header__back">
          {t('checkout.backToCart')}
        </Link>
      </div>
      <p id="checkout-announcer" className="visually-hidden" role="status" aria-live="polite" />
    </header>
  );
}
