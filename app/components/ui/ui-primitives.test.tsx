import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass } from './button.tsx';
import { Notice } from './notice.tsx';

/** The primitives write exactly the markup the components wrote by hand before (no visible change). */
describe('UI primitives', () => {
  it('writes a notice: a confirmation is a status, a plain one has no role unless given', () => {
    expect(renderToStaticMarkup(<Notice tone="success">Saved.</Notice>)).toBe('<p class="notice notice--success" role="status">Saved.</p>');
    expect(renderToStaticMarkup(<Notice>Choose a length.</Notice>)).toBe('<p class="notice">Choose a length.</p>');
    expect(renderToStaticMarkup(<Notice role="note">Only 500 shown.</Notice>)).toBe('<p class="notice" role="note">Only 500 shown.</p>');
  });

  it('writes a button in each look, a plain button unless it submits', () => {
    expect(renderToStaticMarkup(<Button>Calculate</Button>)).toBe('<button type="button" class="button">Calculate</button>');
    expect(
      renderToStaticMarkup(
        <Button type="submit" look="primary" disabled>
          Notify me
        </Button>,
      ),
    ).toBe('<button type="submit" class="button button--primary" disabled="">Notify me</button>');
    expect(buttonClass('primary', { block: true })).toBe('button button--primary button--block');
    expect(buttonClass('danger')).toBe('button button--danger');
  });
});
