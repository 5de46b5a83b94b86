/**
 * A collapsed section of the detailed views: its title (and a one-line hint of what is inside) is the summary, one
 * click opens it. The content is rendered while closed (its queries and attributes are live; plots fetch Plotly only
 * when shown).
 */
import type { HTMLAttributes, ReactNode } from 'react';

export function Section({ name, title, hint, children, ...rest }: { name: string; title: ReactNode; hint?: ReactNode; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section {...rest}>
      <details data-section={name}>
        <summary><h2>{title}</h2>{hint && <span className="muted small"> {hint}</span>}</summary>
        {children}
      </details>
    </section>
  );
}
