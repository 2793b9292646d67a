/**
 * Around the card form: when its fields cannot be put on the page (a render error), the payment step says
 * so with docs/PRODUCT.md §8's 'Failed to create payment form' and offers to build the form again, instead of the
 * whole page failing.
 */
import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';

export class CardFormBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div>
        <p className="form-error" role="alert">
          <Trans>Failed to create payment form</Trans>
        </p>
        <button type="button" className="button button--primary button--block" onClick={() => this.setState({ failed: false })}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
}
