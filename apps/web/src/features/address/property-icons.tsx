import { LineIcon, type IconProps } from '../../ui/icons';

// product §2.3 step 3: the property-type tiles show what they mean at a glance.

export function HouseIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3.5 11L12 4l8.5 7" />
      <path d="M5.5 9.5V20h13V9.5" />
      <path d="M10 20v-5.5h4V20" />
    </LineIcon>
  );
}

export function BuildingIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M5 20V4.5h10V20" />
      <path d="M15 9.5h4V20" />
      <path d="M3 20h18" />
      <path d="M8.5 8h3M8.5 11.5h3M8.5 15h3" />
    </LineIcon>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 21s-6.5-6.2-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.8" r="2.3" />
    </LineIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </LineIcon>
  );
}
