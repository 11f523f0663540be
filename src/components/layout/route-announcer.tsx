/**
 * Tells a screen reader which screen a navigation opened. A browser reads a new page's title when
 * a page loads, but this app changes screens without loading a page, so nothing was said at all.
 * After each change of path, the tab's title (each screen's PageTitle) is read out politely once it
 * has settled, without " · Switchboard": the way Next.js and Gatsby announce their routes. The page
 * the app loaded on is not announced again: the browser has read its title.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** How long the title must stay the same before it is read: a screen names itself once its data is in. */
export const TITLE_SETTLE_MS = 250;
/** index.html's title, left in the tab while a screen loads: not a screen's name. */
const BARE_TITLE = 'Switchboard';
const SUFFIX = ' · Switchboard';

export function RouteAnnouncer() {
  // The path the router has resolved, not the one asked for: while a navigation is pending the
  // screen navigated from stays on screen with its title, and a title that settled meanwhile (a
  // slow screen's code or data) was read out as the new screen's name.
  const pathname = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
  const [message, setMessage] = useState('');
  const loadedOn = useRef(pathname);
  useEffect(() => {
    if (pathname === loadedOn.current) return;
    loadedOn.current = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const announce = () => {
      const title = document.title;
      if (title === BARE_TITLE) return; // still loading: the next change of the head brings the name
      observer.disconnect();
      setMessage(title.endsWith(SUFFIX) ? title.slice(0, -SUFFIX.length) : title);
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(announce, TITLE_SETTLE_MS);
    };
    const observer = new MutationObserver(settle);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    settle();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
  return (
    <p id="route-announcer" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
