import type { ReactNode } from 'react';
import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import classes from './tile.module.css';

export interface TileProps {
  label: string;
  /** A link tile; without `to` the tile is a button calling onClick. */
  to?: string;
  onClick?: () => void;
  /** Drawn above the label (decorative: the label names the tile). */
  icon?: ReactNode;
}

/** One large tile whose accessible name is its label. */
export function Tile({ label, to, onClick, icon }: TileProps) {
  if (to !== undefined) {
    return (
      <UnstyledButton component={Link} to={to} onClick={onClick} className={classes.tile}>
        {icon}
        {label}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton type="button" onClick={onClick} className={classes.tile} aria-haspopup="dialog">
      {icon}
      {label}
    </UnstyledButton>
  );
}
