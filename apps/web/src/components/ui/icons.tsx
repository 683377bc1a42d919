/** Small inline icons (no icon package is installed). Default size 25px (spec point 2). */
import { FAMILIES, liteFamilyOf } from '@pharma/domain';
import type { ReactNode } from 'react';

interface IconProps {
  size?: number;
}

/** The one outline drawing every icon is: a 24-unit box, stroked in the text colour, hidden from assistive technology. */
function Svg({
  size,
  strokeWidth = 2,
  children,
  ...rest
}: {
  size: number;
  strokeWidth?: number;
  children: ReactNode;
  'data-icon'?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function BackIcon({ size = 25 }: IconProps) {
  return (
    <Svg size={size} strokeWidth={2.2}>
      <path d="M15 18l-6-6 6-6" />
    </Svg>
  );
}

export function KeyboardIcon({ size = 25 }: IconProps) {
  return (
    <Svg size={size}>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </Svg>
  );
}

export function BarcodeIcon({ size = 25 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="M4 5v14M7 5v14M11 5v14M14 5v14M18 5v14M20 5v14" />
    </Svg>
  );
}

/** The drawing of each of our own tiles; a family's tile draws its registry entry's (`web.icon`), a lite family's its base's. */
const OWN_PATHS: Record<string, string> = {
  GLOBAL: 'M11 4a7 7 0 110 14 7 7 0 010-14M16 16l5 5',
  PRINT: 'M6 9V3h12v6M6 18H4v-7h16v7h-2M8 14h8v7H8z',
  // A shield with an exclamation mark: a batch held or recalled (issue 30).
  RECALL: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3M12 8v5M12 16.5h.01',
  // Bars over a base line: the reports (issue 32).
  REPORTS: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  // A pack with a tick on its face: a pack verified against the national system (issue 28).
  VERIFY: 'M4 7l8-4 8 4v10l-8 4-8-4V7M8.5 12l2.5 2.5 4.5-5',
};

/** The drawing of a module's tile: its family's, its lite family's, or ours. */
function modulePath(module: string): string | undefined {
  const family = FAMILIES.find((f) => f.module === module) ?? liteFamilyOf(module)?.family;
  return family?.web?.icon ?? OWN_PATHS[module];
}

/** A home tile's icon, by module; none when the module has no drawing. */
export function ModuleIcon({ module, size = 28 }: IconProps & { module: string | undefined }) {
  const path = module ? modulePath(module) : undefined;
  if (!module || !path) return null;
  return (
    <Svg size={size} data-icon={module}>
      <path d={path} />
    </Svg>
  );
}
