import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { UI } from '../../../config/labels.ts';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';

export interface NotAvailableProps {
  title: string;
  /** Where "Go to home" leads: the area home, or '/'. */
  home: string;
  text?: string;
}

/** A screen of the spec that a later issue builds: its title and a way home, never a blank page. */
export function NotAvailable({ title, home, text = UI.notAvailable }: NotAvailableProps) {
  return (
    <StatusScreen
      title={title}
      text={text}
      action={
        <Button component={Link} to={home} variant="light">
          {UI.goHome}
        </Button>
      }
    />
  );
}
