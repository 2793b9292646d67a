/**
 * Tabs as the ARIA authoring practices describe them: a tablist whose tabs move with the arrow keys,
 * Home and End (only the chosen tab is in the Tab order), each labelling its tabpanel. The chosen tab
 * is the caller's (the address, say), so a link opens it and Back returns to the one before.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
}

interface Props<Id extends string> {
  label: string;
  tabs: readonly TabDef<Id>[];
  chosen: Id;
  onChoose(id: Id): void;
  children: ReactNode;
}

export function Tabs<Id extends string>({ label, tabs, chosen, onChoose, children }: Props<Id>) {
  const id = useId();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const at = Math.max(0, tabs.findIndex((tab) => tab.id === chosen));

  function onKeyDown(e: KeyboardEvent) {
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onChoose(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => void (el ? refs.current.set(tab.id, el) : refs.current.delete(tab.id))}
            type="button"
            role="tab"
            id={`${id}-${tab.id}-tab`}
            aria-selected={tab.id === tabs[at]?.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab.id === tabs[at]?.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChoose(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tabs[at]?.id}-tab`} tabIndex={0} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
