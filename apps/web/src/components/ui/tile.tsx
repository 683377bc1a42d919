import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import classes from './tile.module.css';

export interface TileProps {
  label: string;
  /** A link tile; without `to` the tile is a button calling onClick. */
  to?: string;
  onClick?: () => void;
}

/** One large tile whose accessible name is its label. */
export function Tile({ label, to, onClick }: TileProps) {
  if (to !== undefined) {
    return (
      <UnstyledButton component={Link} to={to} onClick={onClick} className={classes.tile}>
        {label}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton type="button" onClick={onClick} className={classes.tile} aria-haspopup="dialog">
      {label}
    </UnstyledButton>
  );
}
