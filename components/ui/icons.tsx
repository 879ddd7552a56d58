// Owns the handful of inline icons the primitives draw (no icon font, nothing fetched).
import type { SVGProps } from 'react';

function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-4 shrink-0"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ChevronDown = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="m5 8 5 5 5-5" />
  </Icon>
);
export const Check = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="m4.5 10.5 3.5 3.5 7.5-8" />
  </Icon>
);
export const Close = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="m5 5 10 10M15 5 5 15" />
  </Icon>
);
export const Copy = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <rect x="7" y="7" width="9" height="9" rx="1.5" />
    <path d="M13 7V5.5A1.5 1.5 0 0 0 11.5 4h-6A1.5 1.5 0 0 0 4 5.5v6A1.5 1.5 0 0 0 5.5 13H7" />
  </Icon>
);
export const Menu = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M3.5 5.5h13M3.5 10h13M3.5 14.5h13" />
  </Icon>
);
export const Upload = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M10 13V3.5M6 7.5l4-4 4 4M4 13v2.5h12V13" />
  </Icon>
);
export const Alert = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M10 3 2.5 16.5h15L10 3ZM10 8v3.5M10 14h.01" />
  </Icon>
);
export const Bell = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 1.5 5.5h-13S5 12 5 8" />
    <path d="M8.5 16.5a1.6 1.6 0 0 0 3 0" />
  </Icon>
);
export const Inbox = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M3 11h4l1 2h4l1-2h4M3 11l2-6.5h10L17 11v4.5H3V11Z" />
  </Icon>
);
export const Sort = ({
  sortDirection: direction,
  ...p
}: SVGProps<SVGSVGElement> & { sortDirection: 'asc' | 'desc' | false }) => (
  <Icon {...p}>
    <path d="m6.5 8 3.5-3.5L13.5 8" opacity={direction === 'asc' ? 1 : 0.35} />
    <path d="m6.5 12 3.5 3.5 3.5-3.5" opacity={direction === 'desc' ? 1 : 0.35} />
  </Icon>
);
