/**
 * A statechart drawn as nested boxes (development page): each state a box inside its parent, the
 * regions of a parallel state side by side with dashed edges, the active states highlighted, and the
 * transitions the active states accept listed beside it.
 */
import type { AnyStateMachine, StateValue } from 'xstate';
import { activePaths, childrenOf, offeredTransitions, pathOf } from './chart-model';

type StateNode = AnyStateMachine['root'];

function StateBox({ node, active, initial }: { node: StateNode; active: Set<string>; initial: boolean }) {
  const path = pathOf(node);
  const isActive = active.has(path);
  const children = childrenOf(node);
  const initialKey = (node.initial?.target?.[0] as StateNode | undefined)?.key;
  const route = (node.meta as { route?: string } | undefined)?.route;
  const calls = node.invoke.map((invoke) => String(invoke.src));
  return (
    <div
      className={`sc-state sc-state--${node.type}${isActive ? ' is-active' : ''}`}
      data-path={path}
      aria-current={isActive ? 'step' : undefined}
    >
      <div className="sc-state__head">
        {initial && (
          <span className="sc-state__initial" title="initial state">
            ●
          </span>
        )}
        <span className="sc-state__name">{node.key}</span>
        {node.type === 'parallel' && <span className="sc-state__tag">parallel</span>}
        {node.type === 'final' && <span className="sc-state__tag">final</span>}
        {route && <span className="sc-state__route">{route}</span>}
        {calls.length > 0 && <span className="sc-state__call">invokes {calls.join(', ')}</span>}
      </div>
      {children.length > 0 && (
        <div className={node.type === 'parallel' ? 'sc-state__regions' : 'sc-state__children'}>
          {children.map((child) => (
            <StateBox key={child.key} node={child} active={active} initial={node.type !== 'parallel' && child.key === initialKey} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The whole chart with `value`'s states highlighted, and what they accept. */
export function StatechartView({ machine, value, label }: { machine: AnyStateMachine; value: StateValue | undefined; label: string }) {
  const active = activePaths(value);
  const root = machine.root as StateNode;
  const initialKey = (root.initial?.target?.[0] as StateNode | undefined)?.key;
  const offered = offeredTransitions(machine, active);
  return (
    <section className="sc-chart" aria-label={label}>
      <div className="sc-chart__boxes">
        {childrenOf(root).map((child) => (
          <StateBox key={child.key} node={child} active={active} initial={child.key === initialKey} />
        ))}
      </div>
      <div className="sc-chart__side">
        <h3>Active</h3>
        <ul className="sc-active">
          {[...active].map((path) => (
            <li key={path}>
              <code>{path}</code>
            </li>
          ))}
        </ul>
        <h3>Accepted now</h3>
        {value === undefined ? (
          <p>Not running.</p>
        ) : offered.length === 0 ? (
          <p>Nothing: the chart has stopped.</p>
        ) : (
          <ul className="sc-offered">
            {offered.map((t, i) => (
              <li key={`${t.from}-${t.event}-${i}`}>
                <code className="sc-offered__event">{t.event}</code>
                {t.guard && <span className="sc-offered__guard"> [{t.guard}]</span>}
                <span className="sc-offered__target"> → {t.targets.length > 0 ? t.targets.join(', ') : 'stays'}</span>
                <span className="sc-offered__from"> (on {t.from || machine.id})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
