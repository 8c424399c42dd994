import type { SVGProps } from 'react';

/**
 * The "konek" wordmark, drawn as strokes so it needs no font. The teal core inside the "o" is a fibre
 * seen end-on. Decorative: the link around it carries the accessible name.
 */
export function Logo({ height = 28, ...props }: SVGProps<SVGSVGElement> & { height?: number }) {
  return (
    <svg
      viewBox="0 0 81 30"
      height={height}
      width={(height * 81) / 30}
      fill="none"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <g stroke="currentColor" strokeWidth={3.6} strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 3v22M12 11.5l-7 6.5M7.6 15.8L12.5 25" />
        <circle cx="22" cy="18.5" r="6.6" />
        <path d="M34 12v13M34 18.2a5.9 5.9 0 0 1 11.8 0V25" />
        <path d="M50.5 18.5h13a6.5 6.5 0 1 0-1.9 4.6" />
        <path d="M68 3v22M77 11.5l-7 6.5M72.6 15.8L77.5 25" />
      </g>
      <circle cx="22" cy="18.5" r="2.6" fill="var(--color-accent-500)" />
    </svg>
  );
}
