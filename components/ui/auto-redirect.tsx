'use client';

import { useEffect, useState } from 'react';

/**
 * Sends the browser to `href` after a few seconds, saying so; the link beside it works at any time.
 * `messages[n]` is the translated "n seconds left" (plural rules applied on the server).
 */
export function AutoRedirect({ href, messages }: { href: string; messages: string[] }) {
  const [left, setLeft] = useState(messages.length - 1);
  useEffect(() => {
    if (left <= 0) {
      window.location.assign(href);
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, href]);
  return <p className="hint">{messages[Math.max(left, 0)]}</p>;
}
