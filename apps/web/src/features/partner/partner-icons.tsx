import { LineIcon, type IconProps } from '../../ui/icons';

/** Two chain links: the partner link tools. Decorative. */
export function LinkIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </LineIcon>
  );
}
