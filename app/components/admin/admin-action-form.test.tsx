import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminActionForm } from './admin-action-form.tsx';

/** The attributes of the first `tag` in `html` (React orders them its own way). */
function attributesOf(html: string, tag: string) {
  const element = new RegExp(`<${tag}( [^>]*)>`).exec(html)?.[1] ?? '';
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

/** The markup of `element` on an admin page whose root gave the CSRF token. */
function render(element: React.ReactElement) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => ({ csrfToken: 'csrf-token' }), HydrateFallback: () => null, children: [{ index: true, Component: () => element }] },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { csrfToken: 'csrf-token' } } }} />);
}

describe('the admin action form', () => {
  it('posts its intent with the CSRF field and the hidden values, its fields above the button', () => {
    const html = render(
      <AdminActionForm intent="delete" label="Delete" tone="danger" fields={{ version: 7 }} className="admin-danger-zone">
        <input name="confirm" type="checkbox" />
      </AdminActionForm>,
    );
    expect(attributesOf(html, 'form')).toMatchObject({ method: 'post', class: 'admin-danger-zone' });
    expect(html).toContain('<input type="hidden" name="_csrf" value="csrf-token"/>');
    expect(html).toContain('<input type="hidden" name="version" value="7"/>');
    expect(html.indexOf('name="confirm"')).toBeLessThan(html.indexOf('<button'));
    expect(attributesOf(html, 'button')).toEqual({ type: 'submit', name: 'intent', value: 'delete', class: 'button admin-button button--danger' });
    expect(html).toContain('>Delete</button></form>');
  });

  it('is a plain button unless told otherwise, and can be disabled while busy', () => {
    const html = render(<AdminActionForm intent="handled" label="Mark handled" disabled />);
    expect(attributesOf(html, 'button')).toEqual({ type: 'submit', name: 'intent', value: 'handled', class: 'button admin-button', disabled: '' });
  });
});
