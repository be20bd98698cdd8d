/** Inline SVG icons: no icon font, no emoji glyphs that a phone may lack. Decorative (aria-hidden). */
const common = {
  'aria-hidden': true,
  focusable: false,
  viewBox: '0 0 24 24',
  fill: 'none',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function LockIcon() {
  return (
    <svg {...common} stroke="currentColor">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export function SuccessIcon() {
  return (
    <svg {...common} stroke="#0f7b3f">
      <circle cx="12" cy="12" r="10" />
      <path d="m7 12.5 3.2 3.2L17 9" />
    </svg>
  );
}

export function RefusedIcon() {
  return (
    <svg {...common} stroke="#b42318">
      <circle cx="12" cy="12" r="10" />
      <path d="m8.5 8.5 7 7m0-7-7 7" />
    </svg>
  );
}

export function ExpiredIcon() {
  return (
    <svg {...common} stroke="#b42318">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
