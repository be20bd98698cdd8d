'use client';

import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

function alreadyDone(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * Sends the browser to `href` after a few seconds, saying so; the link beside it works at any time.
 * Only once per `onceKey` in this tab: a customer who comes back (the Back button, a reload) is
 * not sent away again, and reads `backMessage` instead. `messages[n]` is the translated "n seconds
 * left" (plural rules applied on the server).
 */
export function AutoRedirect({
  href,
  onceKey,
  messages,
  backMessage,
}: {
  href: string;
  onceKey: string;
  messages: string[];
  backMessage: string;
}) {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(messages.length - 1);
  const [cameBack] = useState(() => typeof window !== 'undefined' && alreadyDone(onceKey));
  useEffect(() => {
    if (!hydrated || cameBack) return;
    if (left <= 0) {
      try {
        window.sessionStorage.setItem(onceKey, '1');
      } catch {
        // Private modes without storage: the redirect still happens, once per page load.
      }
      window.location.assign(href);
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [hydrated, cameBack, left, href, onceKey]);
  if (!hydrated) return null;
  return <p className="hint">{cameBack ? backMessage : messages[Math.max(left, 0)]}</p>;
}
