/**
 * Which pages are shared with shoppers who have a cart or a session, and what of the visitor they
 * showed (decision 0020). The root middleware puts a `SharedPageRecord` in the request context;
 * loaders read personal values through `readPersonal`, and routes whose every personal value comes
 * that way say so with `shareWithShoppers`. Anonymous visitors' pages are shared as before.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import { servicesContext } from '#app/context.ts';
import type { PersonalInput, Shopper } from './personal-inputs.ts';

export interface SharedPageRecord {
  /** Set by routes whose loaders read the visitor only through `readPersonal`. */
  sharedWithShoppers: boolean;
  /** What the page read of the visitor, by input key. */
  used: Map<string, { input: PersonalInput<unknown>; value: unknown }>;
}

export const sharedPageContext = createContext<SharedPageRecord | null>(null);
/** The visitor's cart and customer, set by the storefront layout's session middleware. */
export const shopperContext = createContext<Shopper>({ cartId: undefined, customer: null });

export function newSharedPageRecord(): SharedPageRecord {
  return { sharedWithShoppers: false, used: new Map() };
}

/** Reads a personal value for the page and notes it, so the page is kept under that value. */
export async function readPersonal<V>(context: Readonly<RouterContextProvider>, input: PersonalInput<V>): Promise<V> {
  const value = await input.read(context.get(servicesContext).db, context.get(shopperContext));
  context.get(sharedPageContext)?.used.set(input.key, { input: input as PersonalInput<unknown>, value });
  return value;
}

/** Called by loaders of routes that may be served from the cache to shoppers with a cart or session. */
export function shareWithShoppers(context: Readonly<RouterContextProvider>): void {
  const record = context.get(sharedPageContext);
  if (record) record.sharedWithShoppers = true;
}
