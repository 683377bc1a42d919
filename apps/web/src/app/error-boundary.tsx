import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { message } from '../i18n/language.ts';
import { TITLES, UI } from '../config/labels.ts';
import { StatusScreen } from '../components/ui/status-screen.tsx';

interface State {
  failed: boolean;
}

/** The last line of defence outside the router: the 500 screen with a full reload home. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StatusScreen code={500} title={TITLES.error} text={message('SOMETHING_WENT_WRONG')} action={<Anchor href="/">{UI.goHome}</Anchor>} />
    );
  }
}
