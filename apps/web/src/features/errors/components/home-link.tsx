import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { UI } from '../../../config/labels.ts';

export function HomeLink({ to = '/' }: { to?: string }) {
  return (
    <Button component={Link} to={to} variant="light">
      {UI.goHome}
    </Button>
  );
}
