import { data } from 'react-router';

/** Paths below a locale prefix that no route claims are not found. */
export function loader() {
  throw data(null, { status: 404 });
}
