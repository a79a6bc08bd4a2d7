import type { ButtonHTMLAttributes } from 'react';

/** The shop's button looks: plain, primary (the page's main action), danger (deleting), and full width on a phone-sized card. */
export type ButtonLook = 'plain' | 'primary' | 'danger';

/** The class string of a button (also for a link styled as one). */
export function buttonClass(look: ButtonLook = 'plain', { block = false }: { block?: boolean } = {}): string {
  return ['button', look === 'plain' ? '' : `button--${look}`, block ? 'button--block' : ''].filter(Boolean).join(' ');
}

/** A button in one of the shop's looks; type="button" unless it submits. */
export function Button({
  look,
  block,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { look?: ButtonLook; block?: boolean; type?: 'button' | 'submit' }) {
  return <button type={type} className={buttonClass(look, { block })} {...props} />;
}
