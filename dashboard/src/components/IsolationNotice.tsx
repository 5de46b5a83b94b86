/**
 * The Live view's clock needs a cross-origin isolated page (docs/hosting.md): a page opened on another view of a
 * first visit on a static host is not one, so this reloads it isolated, unless that would drop the files the visitor
 * uploaded (then it says what the clock reads and offers the reload as a button). Renders nothing on an isolated page.
 */
import { useEffect, useState } from 'react';
import { reloadForIsolation } from '../crossOriginIsolation';

export function IsolationNotice({ uploads }: { uploads: number }) {
  const [state, setState] = useState<'as is' | 'reloading' | 'offered'>('as is');
  useEffect(() => {
    if (globalThis.crossOriginIsolated !== false) return;
    if (uploads > 0) setState('offered');
    else void reloadForIsolation().then((reloading) => { if (reloading) setState('reloading'); });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as the view opens
  if (state === 'reloading') return <p className="small muted" data-testid="isolation-reload">Reloading the page cross-origin isolated, for a 5 µs clock…</p>;
  if (state === 'offered') {
    return (
      <p className="small" data-testid="isolation-offer">
        This page is not cross-origin isolated: its clock reads in 100 µs steps.{' '}
        <button type="button" onClick={() => void reloadForIsolation()}>Reload it isolated</button> (the files you uploaded are dropped).
      </p>
    );
  }
  return null;
}
