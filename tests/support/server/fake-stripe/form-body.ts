/**
 * Stripe's request bodies and query strings: `application/x-www-form-urlencoded` with nested keys
 * (`metadata[reservationId]=…`, `expand[0]=latest_charge`, `created[gte]=…`), decoded into plain objects
 * the way Stripe reads them.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0]` → ['a', 'b', '0']. */
function pathOf(key: string): string[] {
  const head = key.split('[', 1)[0]!;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
  return [head, ...rest];
}

export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = pathOf(key);
    let node: FormObject | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsList = !last && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsList ? [] : {}) as FormObject | FormValue[];
      } else if (last) node[part] = value;
      else node = (node[part] ??= nextIsList ? [] : {}) as FormObject | FormValue[];
    });
  }
  return root;
}
