import { LineIcon, type IconProps } from '../../ui/icons';

// The account screens' badge icons, decorative: the heading beside them carries the meaning.

export function PhoneIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </LineIcon>
  );
}

export function MessageCodeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
      <path d="M8 10h.01M12 10h.01M16 10h.01" strokeWidth={3} />
    </LineIcon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
    </LineIcon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l8.5-8.5M16.5 6.5l2.5 2.5M14 9l2 2" />
    </LineIcon>
  );
}

export function ShieldCheckIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.2-7.5 9.5-4.3-1.3-7.5-5-7.5-9.5V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </LineIcon>
  );
}

export function HomePinIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3.5 11L12 4l8.5 7M5.5 9.5V20h13V9.5M10 20v-5.5h4V20" />
    </LineIcon>
  );
}

export function DevicesIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="2.5" y="5" width="13" height="10" rx="1.5" />
      <path d="M6 19h6M9 15v4" />
      <rect x="17" y="9" width="4.5" height="10" rx="1" />
    </LineIcon>
  );
}
