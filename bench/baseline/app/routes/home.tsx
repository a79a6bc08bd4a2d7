/** The one page of the baseline: a loader and a few words, nothing else. */
import { useLoaderData } from 'react-router';

export function meta() {
  return [{ title: 'Empty page' }];
}

export function loader() {
  return { greeting: 'An empty React Router page' };
}

export default function Home() {
  const { greeting } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
    </main>
  );
}
