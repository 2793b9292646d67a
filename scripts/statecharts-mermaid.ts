/**
 * The statecharts of machines/ as Mermaid `stateDiagram-v2` text and as the Markdown pages of
 * docs/statecharts/. Pure and in memory, so `npm run statecharts` writes what the staleness test
 * (tests/statecharts/statecharts-docs.test.ts) compares.
 *
 * The diagram is read from the machine's state nodes (what XState runs), not from its source text:
 * nested and parallel states, initial and final states, and each transition labelled with its event,
 * its guard and its named actions.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { bookingMachine } from '../machines/booking/booking.machine';
import { guestIdentityMachine } from '../machines/booking/guest-identity.machine';
import { manageMachine } from '../machines/manage.machine';
import { paymentMachine } from '../machines/payment.machine';
import { cardGuaranteeMachine } from '../machines/card-guarantee.machine';
import { phoneVerificationMachine } from '../machines/phone-verification.machine';
import { sessionMachine } from '../machines/session.machine';
import { waitlistMachine } from '../machines/waitlist.machine';
import { visitMachine } from '../machines/visit.machine';
import { setupEditMachine } from '../machines/setup-edit.machine';
import { eventName, guardName } from '../src/dev/chart-model';

type StateNode = AnyStateMachine['root'];

/** What a transition definition carries that the diagram shows. */
interface TransitionDef {
  eventType: string;
  source: StateNode;
  target?: readonly StateNode[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter: boolean;
  delay?: unknown;
}

/** One chart of machines/: its name (the file and page name) and the machine. */
export interface ChartSource {
  name: string;
  title: string;
  /** The machine's file, relative to the repository root. */
  file: string;
  machine: AnyStateMachine;
}

/** Every statechart of machines/, in the order the README lists them. */
export const CHARTS: readonly ChartSource[] = [
  { name: 'session', title: 'Session', file: 'machines/session.machine.ts', machine: sessionMachine },
  { name: 'booking', title: 'Booking', file: 'machines/booking/booking.machine.ts', machine: bookingMachine },
  { name: 'guest-identity', title: 'Guest identity', file: 'machines/booking/guest-identity.machine.ts', machine: guestIdentityMachine },
  { name: 'phone-verification', title: 'Phone verification', file: 'machines/phone-verification.machine.ts', machine: phoneVerificationMachine },
  { name: 'payment', title: 'Payment', file: 'machines/payment.machine.ts', machine: paymentMachine },
  { name: 'card-guarantee', title: 'Card guarantee', file: 'machines/card-guarantee.machine.ts', machine: cardGuaranteeMachine },
  { name: 'manage', title: 'Manage a reservation', file: 'machines/manage.machine.ts', machine: manageMachine },
  { name: 'waitlist', title: 'Waitlist entry', file: 'machines/waitlist.machine.ts', machine: waitlistMachine },
  { name: 'visit', title: 'Booked visit', file: 'machines/visit.machine.ts', machine: visitMachine },
  { name: 'setup-edit', title: 'Set-up edit', file: 'machines/setup-edit.machine.ts', machine: setupEditMachine },
];

/** Mermaid state ids are global to a diagram: the node's path joined, so nested keys never clash. */
const mermaidId = (node: StateNode) => (node.path.length === 0 ? 'root' : node.path.join('_'));

const childrenOf = (node: StateNode) => Object.values(node.states) as StateNode[];

/** All of a node's transitions, `always` included, in definition order. */
function transitionsOf(node: StateNode): TransitionDef[] {
  const list = [...node.transitions.values()].flat() as unknown as TransitionDef[];
  return [...list, ...((node.always ?? []) as unknown as TransitionDef[])];
}

/** The event of a transition as a designer reads it (the same words as the development page). */
export const eventLabel = (transition: TransitionDef): string => eventName(transition.eventType, transition.delay);

/** A guard by name, with its parameters; `and`/`or`/`not` spelled out. */
export const guardLabel = (guard: unknown): string => guardName(guard);

/** The names of the actions the app implements (built-ins such as `assign` are left out). */
export function namedActions(actions: readonly unknown[]): string[] {
  const names: string[] = [];
  for (const action of actions) {
    const type =
      typeof action === 'string'
        ? action
        : typeof action === 'object' && action !== null && 'type' in action
          ? String((action as { type: unknown }).type)
          : undefined;
    if (type && !type.startsWith('xstate.')) names.push(type);
  }
  return names;
}

/**
 * Mermaid's label text: `#` and `;` start entities and statements, and `:` after the first one is
 * fine, so only those two are replaced.
 */
const labelText = (text: string) => text.replace(/#/g, '№').replace(/;/g, ',');

function transitionLabel(transition: TransitionDef, elseBranch: boolean): string {
  const guard = guardLabel(transition.guard) || (elseBranch ? 'else' : '');
  const actions = namedActions(transition.actions);
  let label = eventLabel(transition);
  if (guard) label += ` [${guard}]`;
  if (actions.length > 0) label += ` / ${actions.join(', ')}`;
  return labelText(label);
}

/** Whether a transition is the unguarded last choice after guarded ones for the same event. */
function isElse(transition: TransitionDef, siblings: TransitionDef[]): boolean {
  if (transition.guard !== undefined) return false;
  const same = siblings.filter((t) => t.eventType === transition.eventType);
  return same.length > 1 && same.indexOf(transition) === same.length - 1;
}

/** The page a state shows (its `meta.route`), when it has one. */
const routeOf = (node: StateNode): string | undefined =>
  (node.meta as { route?: string } | undefined)?.route;

const invokedOf = (node: StateNode): string[] =>
  node.invoke.map((invoke) => (invoke.id === invoke.src ? String(invoke.src) : `${invoke.src} as ${invoke.id}`));

/** The Mermaid `stateDiagram-v2` text of a machine. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];
  const indent = (depth: number) => '  '.repeat(depth);

  const declare = (node: StateNode, depth: number) => {
    const id = mermaidId(node);
    const pad = indent(depth);
    const children = childrenOf(node);
    if (children.length === 0) {
      lines.push(`${pad}state "${labelText(node.key)}" as ${id}`);
      const notes = [routeOf(node), ...invokedOf(node).map((src) => `invokes ${src}`)].filter(Boolean) as string[];
      for (const note of notes) lines.push(`${pad}${id} : ${labelText(note)}`);
      return;
    }
    lines.push(`${pad}state "${labelText(node.type === 'parallel' ? `${node.key} (parallel)` : node.key)}" as ${id} {`);
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent(depth + 1)}--`);
        declare(child, depth + 1);
      });
    } else {
      const initial = node.initial?.target?.[0] as StateNode | undefined;
      if (initial) lines.push(`${indent(depth + 1)}[*] --> ${mermaidId(initial)}`);
      children.forEach((child) => declare(child, depth + 1));
      children
        .filter((child) => child.type === 'final')
        .forEach((child) => lines.push(`${indent(depth + 1)}${mermaidId(child)} --> [*]`));
    }
    lines.push(`${pad}}`);
  };

  const collect = (node: StateNode) => {
    const transitions = transitionsOf(node);
    for (const transition of transitions) {
      const targets = transition.target ?? [];
      // Changes nothing but context: listed on the page's table, not drawn.
      if (targets.length === 0 || node.path.length === 0) continue;
      for (const target of targets) {
        edges.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${transitionLabel(transition, isElse(transition, transitions))}`);
      }
    }
    childrenOf(node).forEach(collect);
  };

  const root = machine.root as StateNode;
  const initial = root.initial?.target?.[0] as StateNode | undefined;
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  childrenOf(root).forEach((child) => declare(child, 1));
  childrenOf(root)
    .filter((child) => child.type === 'final')
    .forEach((child) => lines.push(`  ${mermaidId(child)} --> [*]`));
  collect(root);
  return [...lines, ...edges].join('\n') + '\n';
}

/** The hash of a diagram's text, recorded in its SVG so a stale SVG is found without a browser. */
export const mermaidHash = (mermaid: string) => createHash('sha256').update(mermaid).digest('hex').slice(0, 16);

/** The comment an SVG starts with: where it comes from, and the hash of the Mermaid text it was drawn from. */
export const svgStamp = (file: string, hash: string) =>
  `<!-- Generated by \`npm run statecharts\` from ${file}; do not edit by hand. mermaid-sha256: ${hash} -->`;

/** Reads the Mermaid hash recorded in an SVG written by scripts/statecharts.ts. */
export const stampedHash = (svg: string) => /mermaid-sha256: ([0-9a-f]+)/.exec(svg)?.[1];

/** The opening TSDoc of the machine's file, as plain text: what the chart is for. */
function fileSummary(file: string): string {
  const source = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  const match = /^\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match) return '';
  return match[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => (text ? `\`${text}\`` : '');

/** Every state, its page, what it calls, what it does on entry, and what it handles without moving. */
function stateTable(machine: AnyStateMachine): string[] {
  const rows: string[] = [];
  const visit = (node: StateNode) => {
    if (node.path.length > 0) {
      const kind = node.type === 'final' ? 'final' : node.type === 'parallel' ? 'parallel' : node.type === 'compound' ? 'compound' : '';
      const entry = namedActions(node.entry);
      const inPlace = transitionsOf(node)
        .filter((t) => (t.target ?? []).length === 0)
        .map((t) => {
          const guard = guardLabel(t.guard);
          const actions = namedActions(t.actions);
          return `${eventLabel(t)}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
        });
      rows.push(
        `| ${code(node.path.join('.'))} | ${kind} | ${code(routeOf(node) ?? '')} | ${invokedOf(node).map(code).join(', ')} | ${entry.map(code).join(', ')} | ${inPlace.map((t) => code(cell(t))).join(', ')} |`,
      );
    } else {
      const inPlace = transitionsOf(node).map((t) => {
        const guard = guardLabel(t.guard);
        return `${eventLabel(t)}${guard ? ` [${guard}]` : ''}`;
      });
      if (inPlace.length > 0) rows.push(`| (any state) | | | | | ${inPlace.map((t) => code(cell(t))).join(', ')} |`);
    }
    childrenOf(node).forEach(visit);
  };
  visit(machine.root as StateNode);
  return [
    '| State | Kind | Page | Invokes | On entry | Handled in place (no state change) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ];
}

/** Counts for the page's header line. */
function counts(machine: AnyStateMachine): { states: number; transitions: number } {
  let states = 0;
  let transitions = 0;
  const visit = (node: StateNode) => {
    if (node.path.length > 0) states += 1;
    transitions += transitionsOf(node).length;
    childrenOf(node).forEach(visit);
  };
  visit(machine.root as StateNode);
  return { states, transitions };
}

/** The Markdown page docs/statecharts/<name>.md of one chart. */
export function chartMarkdown(chart: ChartSource, mermaid = toMermaid(chart.machine)): string {
  const { states, transitions } = counts(chart.machine);
  return [
    `# ${chart.title} statechart`,
    '',
    `<!-- Generated by \`npm run statecharts\` from ${chart.file}; do not edit by hand. -->`,
    '',
    fileSummary(chart.file),
    '',
    `Machine \`${chart.machine.id}\` in [${chart.file}](../../${chart.file}): ${states} states, ${transitions} transitions. ` +
      `Standalone picture: [${chart.name}.svg](${chart.name}.svg) (opens in any browser).`,
    '',
    'Labels read `event [guard] / action`: `<call> done` and `<call> error` are the outcomes of an invoked call, ' +
      '`after <delay>` a timer, `always` a transition taken as soon as its guard holds, `else` the choice when ' +
      'no guard above it holds. A box inside a box is a nested state; dashed lines separate the regions of a ' +
      'parallel state, which are all active at once. The small text in a state is the page that shows it and the call it makes.',
    '',
    '```mermaid',
    mermaid.trimEnd(),
    '```',
    '',
    '## States',
    '',
    ...stateTable(chart.machine),
    '',
  ].join('\n');
}

/** Every chart's Mermaid text and Markdown page, keyed by file name under docs/statecharts/. */
export function statechartDocuments(): { chart: ChartSource; mermaid: string; markdown: string; hash: string }[] {
  return CHARTS.map((chart) => {
    const mermaid = toMermaid(chart.machine);
    return { chart, mermaid, markdown: chartMarkdown(chart, mermaid), hash: mermaidHash(mermaid) };
  });
}
