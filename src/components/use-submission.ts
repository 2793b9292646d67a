/**
 * One form's call to the server: whether it is under way and how it ended, in the reader's words. A
 * failed call only sets the message, so everything typed stays.
 */
import { useState, type FormEvent } from 'react';
import { useFailureText } from '../i18n/message-text';

type Outcome = { kind: 'done'; message: string } | { kind: 'failed'; message: string; error: unknown };

export function useSubmission() {
  const failureText = useFailureText();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** Runs `call` (its answer is the success message) unless a call is already under way. */
  async function send(call: () => Promise<string>) {
    if (sending) return;
    setSending(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', message: await call() });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureText(error), error });
    } finally {
      setSending(false);
    }
  }

  /** A form's submit handler: nothing is sent until `validate` gives the checked values. */
  function onSubmit<T>(validate: () => T | null, call: (values: T) => Promise<string>) {
    return (event: FormEvent) => {
      event.preventDefault();
      const values = validate();
      if (values) void send(() => call(values));
    };
  }

  return {
    sending,
    outcome,
    onSubmit,
    // As FormMessage takes them.
    error: outcome?.kind === 'failed' ? outcome.message : null,
    success: outcome?.kind === 'done' ? outcome.message : null,
  };
}
