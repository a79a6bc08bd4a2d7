import { notFound } from './admin-layout.tsx';

/** Unknown paths below /paracord_admin: the admin's own 404, inside its frame. */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
