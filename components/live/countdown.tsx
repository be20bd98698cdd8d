'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { formatRemaining } from '@/lib/format/money-format';

/**
 * Time left to pay, shown only near the end (the last `showBelowSeconds`), formatted per locale.
 * `template` holds "%TIME%" where the remaining time goes.
 */
export function Countdown({
  expireAt,
  locale,
  template,
  showBelowSeconds,
}: {
  expireAt: string;
  locale: string;
  template: string;
  showBelowSeconds: number;
}) {
  const router = useRouter();
  const [now, setNow] = useState<number | undefined>(undefined);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const remaining = now === undefined ? undefined : (Date.parse(expireAt) - now) / 1000;
  useEffect(() => {
    // At expiry the server's sweeper closes the payment within a second; show it.
    if (remaining !== undefined && remaining <= -2) router.refresh();
  }, [remaining, router]);
  if (remaining === undefined || remaining > showBelowSeconds || remaining < 0) return null;
  return (
    <p className="countdown" role="timer" aria-live="off">
      {template.replace('%TIME%', formatRemaining(locale, remaining))}
    </p>
  );
}
