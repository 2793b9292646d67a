/** A titled region of a page. */
import { useId, type ReactNode } from 'react';

/**
 * The heading names the region, so assistive technology (and tests) can go straight to it. `card` shows
 * it as a card with the card's title.
 */
export function Section({ title, card, children }: { title: string; card?: boolean; children?: ReactNode }) {
  const id = useId();
  return (
    <section className={card ? 'card' : undefined} aria-labelledby={id}>
      <h2 id={id} className={card ? 'card__title' : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
