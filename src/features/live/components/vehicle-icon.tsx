import type { ReactNode } from 'react';
import type { TrafficSourceCode } from '@/shared/contracts/alerts';
import type { VEHICLE_TYPES } from '@/shared/domain/enums';

export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** One colour per traffic source (spec §3), readable on the light offline background and on a basemap. */
export const SOURCE_COLORS: Readonly<Record<TrafficSourceCode, string>> = {
  ab: '#1c7ed6',
  ai: '#0c8599',
  og: '#e67700',
  wi: '#9c36b5',
  as: '#d9480f',
  ad: '#c2255c',
  mo: '#2b8a3e',
  st: '#495057',
};

const rotor = (cx: number, cy: number) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.6" />;
const ring = (count: number, radius: number) =>
  Array.from({ length: count }, (_, index) => {
    const angle = (index / count) * 2 * Math.PI;
    return rotor(12 + radius * Math.sin(angle), 12 - radius * Math.cos(angle));
  });

/** Drawn in a 24×24 box pointing north, so a rotation by the heading points them where they go. */
const SHAPES: Readonly<Record<VehicleType, ReactNode>> = {
  heli: (
    <>
      <ellipse cx="12" cy="10" rx="3.5" ry="5" />
      <path d="M12 15v7M9.5 21.5h5M3 10h18" />
    </>
  ),
  drone: (
    <>
      {[rotor(5, 5), rotor(19, 5), rotor(5, 19), rotor(19, 19)]}
      <path d="M7 7l10 10M17 7 7 17" />
      <path d="M12 8.5 14 12h-4z" />
    </>
  ),
  droneHexa: (
    <>
      {ring(6, 8.5)}
      <path d="M12 9 14.5 14h-5z" />
    </>
  ),
  droneOcto: (
    <>
      {ring(8, 9)}
      <path d="M12 9 14.5 14h-5z" />
    </>
  ),
  wing: <path d="M12 3v17M2 12l10-3 10 3M8 20h8" />,
  user: (
    <>
      <circle cx="12" cy="6" r="3" />
      <path d="M6 21v-4a6 6 0 0 1 12 0v4M12 1.5v1" />
    </>
  ),
  boat: <path d="M12 2 17 8v13H7V8zM7 12h10" />,
  car: (
    <>
      <rect x="7" y="3" width="10" height="18" rx="3" />
      <path d="M8 8h8M8 16h8" />
    </>
  ),
  plane: <path d="M12 2c1 0 1.5 1 1.5 2v5l8 5v2l-8-2.5V19l2.5 2v1.5L12 21.5l-4 1V21l2.5-2v-5.5L2.5 16v-2l8-5V4c0-1 .5-2 1.5-2z" />,
  spot: (
    <>
      <circle cx="12" cy="12" r="6" />
      <path d="M12 2v5M12 17v5M2 12h5M17 12h5" />
    </>
  ),
  station: <path d="M12 9v13M8 22h8M12 9l-4 13M12 9l4 13M7 5a7 7 0 0 1 10 0M9.5 7.5a3.5 3.5 0 0 1 5 0" />,
  home: <path d="M3 11 12 3l9 8M6 9.5V21h12V9.5M10 21v-6h4v6" />,
};

export interface VehicleIconProps {
  type: VehicleType;
  color: string;
  size?: number;
  /** Degrees from true north; none keeps the icon upright. */
  heading?: number | null;
  title?: string;
}

/** The icon of a vehicle type in the colour of its source, turned to its heading. */
export function VehicleIcon({ type, color, size = 24, heading, title }: VehicleIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={heading === null || heading === undefined ? undefined : { transform: `rotate(${heading}deg)` }}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      data-vehicle={type}
    >
      <g fill={color} fillOpacity={0.2}>
        {SHAPES[type]}
      </g>
    </svg>
  );
}
