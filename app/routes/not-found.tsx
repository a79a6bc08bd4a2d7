import { data } from 'react-router';

/** Paths below a locale prefix that no route claims are not found. */
export function loader() {
  throw data(null, { status: 404 });
}

/** Never rendered (the loader always throws); its presence makes this a page route, so the 404 gets the error page. */
export default function NotFound() {
  return null;
}
