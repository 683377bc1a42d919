/**
 * The scan pages' frame and controls without Mantine's script (issue 29, decision 0089): plain elements
 * drawn by Mantine's own stylesheet (`@mantine/core/styles.css`, which main.tsx loads for every page),
 * with the classes, data attributes and CSS variables Mantine's components give them, so they look
 * exactly as those did. Only the variants the scan pages use are here. `plain.test.ts` checks every
 * class named below is in the installed stylesheet, so an upgrade that renames one fails there.
 */
import { useId, type ButtonHTMLAttributes, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import classes from './plain.module.css';

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
type Size = 'xs' | 'sm' | 'md' | 'lg';
type Variant = 'filled' | 'light' | 'subtle';
/** Mantine's style object allows its components' CSS variables. */
type Style = CSSProperties & Record<`--${string}`, string | number | undefined>;

/** A style with CSS variables, as React's style prop takes it. */
const vars = (style: Style) => style as CSSProperties;
const BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';
const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;
const space = (gap: Spacing) => (typeof gap === 'number' ? (gap === 0 ? '0rem' : rem(gap)) : `var(--mantine-spacing-${gap})`);

/** A variant's colours, as Mantine's default resolver gives them. */
function look(variant: Variant, color: string) {
  if (variant === 'filled')
    return {
      bg: `var(--mantine-color-${color}-filled)`,
      hover: `var(--mantine-color-${color}-filled-hover)`,
      color: 'var(--mantine-color-white)',
    };
  return {
    bg: variant === 'subtle' ? 'transparent' : `var(--mantine-color-${color}-light)`,
    hover: `var(--mantine-color-${color}-light-hover)`,
    color: `var(--mantine-color-${color}-light-color)`,
  };
}

interface BoxProps extends Omit<HTMLAttributes<HTMLElement>, 'style'> {
  style?: Style;
  children?: ReactNode;
  'data-testid'?: string;
}

export function Stack({
  gap = 'md',
  as: As = 'div',
  align = 'stretch',
  style,
  ...rest
}: BoxProps & { gap?: Spacing; as?: 'div' | 'ul' | 'li' | 'section'; align?: string }) {
  return (
    <As
      className="m_6d731127 mantine-Stack-root"
      style={vars({ '--stack-gap': space(gap), '--stack-align': align, '--stack-justify': 'flex-start', ...style })}
      {...rest}
    />
  );
}

export function Group({
  gap = 'md',
  as: As = 'div',
  justify = 'flex-start',
  align = 'center',
  wrap = 'wrap',
  style,
  ...rest
}: BoxProps & { gap?: Spacing; as?: 'div' | 'li' | 'header'; justify?: string; align?: string; wrap?: 'wrap' | 'nowrap' }) {
  return (
    <As
      className="m_4081bf90 mantine-Group-root"
      style={vars({ '--group-gap': space(gap), '--group-align': align, '--group-justify': justify, '--group-wrap': wrap, ...style })}
      {...rest}
    />
  );
}

interface TextProps extends BoxProps {
  size?: Size;
  dimmed?: boolean;
  fw?: number;
  lineClamp?: number;
  span?: boolean;
}

const textVars = (size: Size | undefined): Style =>
  size ? { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})` } : {};

export function Text({ size, dimmed, fw, lineClamp, span, style, ...rest }: TextProps) {
  const As = span ? 'span' : 'p';
  return (
    <As
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
      data-line-clamp={lineClamp ? true : undefined}
      style={vars({
        ...textVars(size),
        ...(lineClamp ? { '--text-line-clamp': lineClamp } : {}),
        ...(dimmed ? { color: 'var(--mantine-color-dimmed)' } : {}),
        ...(fw ? { fontWeight: fw } : {}),
        ...style,
      })}
      {...rest}
    />
  );
}

export function Title({ order, size, lineClamp, style, ...rest }: BoxProps & { order: 1 | 2; size: 'h4' | 'h5'; lineClamp?: number }) {
  const As = order === 1 ? 'h1' : 'h2';
  return (
    <As
      className="m_8a5d1357 mantine-Title-root"
      data-size={size}
      data-order={order}
      data-line-clamp={lineClamp ? true : undefined}
      style={vars({
        '--title-fw': `var(--mantine-${size}-font-weight)`,
        '--title-lh': `var(--mantine-${size}-line-height)`,
        '--title-fz': `var(--mantine-${size}-font-size)`,
        ...(lineClamp ? { '--title-line-clamp': lineClamp } : {}),
        ...style,
      })}
      {...rest}
    />
  );
}

/** A link of the app (react-router's Link) drawn as Mantine's Anchor. */
export function Anchor({ size, mono, style, ...rest }: LinkProps & { size?: Size; mono?: boolean; style?: Style }) {
  return (
    <Link
      className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root"
      data-size={size}
      data-underline="hover"
      style={vars({ ...textVars(size), ...(mono ? { fontFamily: 'var(--mantine-font-family-monospace)' } : {}), ...style })}
      {...rest}
    />
  );
}

export function Badge({
  color,
  variant,
  size,
  style,
  children,
  ...rest
}: BoxProps & { color: string; variant: 'filled' | 'light'; size: 'sm' | 'lg' }) {
  const { bg, color: fg } = look(variant, color);
  return (
    <div
      className="m_347db0ec mantine-Badge-root"
      data-variant={variant}
      data-size={size}
      style={vars({
        '--badge-height': `var(--badge-height-${size})`,
        '--badge-padding-x': `var(--badge-padding-x-${size})`,
        '--badge-fz': `var(--badge-fz-${size})`,
        '--badge-bg': bg,
        '--badge-color': fg,
        '--badge-bd': BORDER,
        ...style,
      })}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

export function Loader({ style, ...rest }: BoxProps) {
  return <span className="m_b34414df m_5ae2e3c mantine-Loader-root" style={style && vars(style)} {...rest} />;
}

/** A spinner centred with xl padding above and below: a page or query loading. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <div className="m_4451eb3a mantine-Center-root" style={vars({ paddingBlock: 'var(--mantine-spacing-xl)' })}>
      <Loader aria-label={label} />
    </div>
  );
}

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'style' | 'color'> {
  variant?: Variant;
  color?: string;
  size?: 'compact-sm' | 'compact-md';
  loading?: boolean;
  style?: Style;
}

export function Button({
  variant = 'filled',
  color = 'blue',
  size,
  loading,
  disabled,
  style,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const { bg, hover, color: fg } = look(variant, color);
  return (
    <button
      type={type}
      className={`mantine-focus-auto ${loading || disabled ? '' : 'mantine-active '}m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size={size}
      data-loading={loading || undefined}
      data-disabled={disabled || undefined}
      disabled={disabled || loading}
      style={vars({
        ...(size
          ? {
              '--button-height': `var(--button-height-${size})`,
              '--button-padding-x': `var(--button-padding-x-${size})`,
              '--button-fz': `var(--mantine-font-size-${size.slice('compact-'.length)})`,
            }
          : {}),
        '--button-bg': bg,
        '--button-hover': hover,
        '--button-color': fg,
        '--button-bd': BORDER,
        ...style,
      })}
      {...rest}
    >
      {loading && (
        <span className={`m_a25b86ee mantine-Button-loader ${classes.buttonLoader}`} aria-hidden="true">
          <Loader style={{ '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' }} />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}

export function ActionIcon({
  variant,
  color = 'blue',
  size,
  loading,
  disabled,
  style,
  children,
  ...rest
}: Omit<ButtonProps, 'size' | 'variant'> & { variant: Variant; size?: number }) {
  const { bg, hover, color: fg } = look(variant, color);
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${loading || disabled ? '' : 'mantine-active '}m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-loading={loading || undefined}
      data-disabled={disabled || undefined}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      style={vars({
        ...(size ? { '--ai-size': rem(size) } : {}),
        '--ai-bg': bg,
        '--ai-hover': hover,
        '--ai-color': fg,
        '--ai-bd': BORDER,
        ...style,
      })}
      {...rest}
    >
      {loading && (
        <span className={`m_302b9fb1 mantine-ActionIcon-loader ${classes.iconLoader}`} aria-hidden="true">
          <Loader style={{ '--loader-size': 'calc(var(--ai-size) * 0.55)', '--loader-color': 'var(--ai-color)' }} />
        </span>
      )}
      <span className="m_8d3afb97 mantine-ActionIcon-icon" data-loading={loading || undefined}>
        {children}
      </span>
    </button>
  );
}

export function Burger({ opened, ...rest }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'style'> & { opened: boolean }) {
  return (
    <button
      type="button"
      className="mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root"
      data-size="md"
      style={vars({ '--burger-size': 'var(--burger-size-md)' })}
      {...rest}
    >
      <div className="m_d4fb9cad mantine-Burger-burger" data-reduce-motion="true" data-opened={opened || undefined} />
    </button>
  );
}

interface AlertProps extends Omit<BoxProps, 'title'> {
  color: string;
  variant?: 'filled' | 'light';
  title?: ReactNode;
  /** The close button's label; with onClose, the alert has one. */
  closeLabel?: string;
  onClose?: () => void;
}

/** Mantine's Alert: role 'alert' unless given another, its title naming it. */
export function Alert({ color, variant = 'light', title, closeLabel, onClose, role = 'alert', style, children, ...rest }: AlertProps) {
  const id = `plain-${useId().replace(/:/g, '')}`;
  const { bg, color: fg } = look(variant, color);
  return (
    <div
      className="m_66836ed3 mantine-Alert-root"
      data-variant={variant}
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
      style={vars({ '--alert-bg': bg, '--alert-color': fg, '--alert-bd': BORDER, ...style })}
      {...rest}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title && (
            <div className="m_6a03f287 mantine-Alert-title" data-with-close-button={onClose ? true : undefined}>
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          )}
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant={variant}>
            {children}
          </div>
        </div>
        {onClose && (
          <button
            type="button"
            className="mantine-focus-auto mantine-active m_87f54839 mantine-Alert-closeButton m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root"
            data-variant="transparent"
            aria-label={closeLabel}
            onClick={onClose}
            style={vars({ '--cb-size': rem(16), '--cb-icon-size': rem(16) })}
          >
            <svg viewBox="0 0 15 15" fill="none" style={vars({ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' })}>
              <path
                d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
                fill="currentColor"
                fillRule="evenodd"
                clipRule="evenodd"
              />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}

/** Mantine's Card with a border. */
export function Card({ padding, as: As = 'div', style, ...rest }: BoxProps & { padding: Spacing; as?: 'div' | 'section' }) {
  return (
    <As
      className="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root"
      data-with-border="true"
      data-orientation="vertical"
      style={vars({ '--card-padding': space(padding), ...style })}
      {...rest}
    />
  );
}

export interface SegmentedControlProps {
  'aria-label': string;
  value: string;
  onChange: (value: string) => void;
  data: readonly { value: string; label: string }[];
  fullWidth?: boolean;
  size?: 'xs';
}

/**
 * Mantine's SegmentedControl: a radio group, each option a radio input and its label; the picked one's
 * highlight is drawn in its own segment (Mantine's slides it across with a script).
 */
export function SegmentedControl({ value, onChange, data, fullWidth, size, ...rest }: SegmentedControlProps) {
  const name = `plain-${useId().replace(/:/g, '')}`;
  return (
    <div
      className="m_cf365364 mantine-SegmentedControl-root"
      data-full-width={fullWidth || undefined}
      data-size={size}
      data-with-items-borders="true"
      role="radiogroup"
      data-initialized="true"
      style={vars({
        '--sc-shadow': 'var(--mantine-shadow-xs)',
        ...(size ? { '--sc-padding': `var(--sc-padding-${size})`, '--sc-font-size': `var(--mantine-font-size-${size})` } : {}),
      })}
      {...rest}
    >
      {data.map((item) => {
        const active = item.value === value;
        return (
          <div key={item.value} className="m_69686b9b mantine-SegmentedControl-control" data-active={active || undefined}>
            {active && <span className={`m_9e182ccd mantine-SegmentedControl-indicator ${classes.indicator}`} />}
            <input
              className="m_1714d588 mantine-SegmentedControl-input"
              id={`${name}-${item.value}`}
              data-focus-ring="auto"
              type="radio"
              value={item.value}
              checked={active}
              name={name}
              onChange={() => onChange(item.value)}
            />
            <label
              className="m_1738fcb2 mantine-SegmentedControl-label"
              data-active={active || undefined}
              htmlFor={`${name}-${item.value}`}
            >
              <span className="m_78882f40 mantine-SegmentedControl-innerLabel">{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
