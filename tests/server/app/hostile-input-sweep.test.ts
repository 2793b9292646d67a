/**
 * A sweep over the whole contract: every text field of every JSON request body, query and path that
 * openapi.yaml lists gets a NUL and then a CR/LF, with a valid token where the call needs one. The answer
 * is a 4xx, never a 500; a line break passes only in the free-text fields.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { isMultiLineField } from '../../../common/validation/text-characters';
import { OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { deref, sample as sampleOf, SPEC as spec, textFields, withValue, type SampleValues } from '../../support/server/openapi-write-calls';

// Values the contract's patterns accept, so each call gets as far as it can.
const VALUES: SampleValues = {
  byPattern: {
    '^[0-9a-f]{24}$': OBE,
    '^\\d{4}-\\d{2}$': '2026-11',
    '^\\d{1,4}$': '852',
    '^\\d{4,15}$': '91234567',
    '^\\d{6}$': '123456',
    '^\\d{3,4}$': '123',
    '^[a-z0-9-]{1,40}$': 'home',
  },
  byName: {
    email: 'sweep@example.com',
    name: 'Grace Chan',
    firstName: 'Grace',
    lastName: 'Chan',
    phone: '+852 2388 6204',
    mobileCountryCode: '852',
    mobileNumber: '91234567',
    cardholderName: 'Grace Chan',
    cardNumber: '4242424242424242',
    domain: 'obe',
    fileName: 'menu.pdf',
    intentId: `pi_${UNKNOWN_ID}`,
    id: UNKNOWN_ID,
    password: 'sweep-pass-1',
    newPassword: 'sweep-pass-2',
  },
};
const sample = (schema: Parameters<typeof sampleOf>[0], name: string) => sampleOf(schema, name, VALUES);

interface Call {
  method: string;
  path: string;
  where: 'body' | 'query' | 'path';
  field: string;
  /** The request with `bad` in the field. */
  build(bad: string): { url: string; body?: unknown };
  admin: boolean;
  token: boolean;
}

/** Every text field of every call in the contract, as a call that can carry a bad value in it. */
function calls(): Call[] {
  const all: Call[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []).map(deref).filter((p) => p.in === 'path' || p.in === 'query');
      const values = Object.fromEntries(parameters.map((p) => [p.name, String(sample(p.schema, p.name))]));
      const schema = operation.requestBody && deref(operation.requestBody).content?.['application/json']?.schema;
      const body = schema ? sample(schema, 'body') : undefined;
      const url = (params: Record<string, string>) => {
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
        const query = new URLSearchParams(parameters.filter((p) => p.in === 'query').map((p) => [p.name, params[p.name]!]));
        return query.size ? `${path}?${query}` : path;
      };
      const base = { method: method.toUpperCase(), path: template, admin: template.startsWith('/admin/'), token: Boolean(operation.security?.length) };
      for (const p of parameters) {
        all.push({ ...base, where: p.in as 'path' | 'query', field: p.name, build: (bad) => ({ url: url({ ...values, [p.name]: `${values[p.name]}${bad}` }), body }) });
      }
      for (const field of schema ? textFields(schema) : []) {
        all.push({ ...base, where: 'body', field, build: (bad) => ({ url: url(values), body: withValue(body, field, `Sweep${bad}text`) }) });
      }
    }
  }
  return all;
}

const CALLS = calls();

describe('the sweep finds the contract’s text fields', () => {
  it('covers bodies, queries and paths', () => {
    const where = (w: Call['where']) => CALLS.filter((c) => c.where === w);
    expect(where('body').length).toBeGreaterThan(40);
    expect(where('query').length).toBeGreaterThan(5);
    expect(CALLS.map((c) => `${c.path} ${c.field}`)).toEqual(
      expect.arrayContaining(['/public/contact-form message', '/user/reservation/v1.1/complete/{id} notes', '/dev/outbox recipient', '/user/user/sign-up firstName']),
    );
  });
});

for (const driver of testDrivers()) {
  describe(`every text field of the contract, hostile (${driver})`, () => {
    let api: TestApi;
    let memberToken: string;
    let adminToken: string;

    beforeAll(async () => {
      api = await createTestApi({ driver });
      const tokenOf = async (email: string) => {
        const [user] = await api.deps.db.select().from(users).where(eq(users.email, email));
        return api.tokenFor({ id: user!.id, role: user!.role });
      };
      memberToken = await tokenOf('member@example.com');
      adminToken = await tokenOf('admin@example.com');
    });
    afterAll(async () => {
      await api?.close();
    });

    const send = (call: Call, bad: string) => {
      const { url, body } = call.build(bad);
      const token = call.token ? (call.admin ? adminToken : memberToken) : undefined;
      return api.request(call.method, url, { ...(body === undefined ? {} : { body }), ...(token ? { token } : {}) });
    };

    it('refuses a NUL anywhere with a 4xx', async () => {
      const answers: string[] = [];
      for (const call of CALLS) {
        const res = await send(call, '\u0000');
        answers.push(`${call.method} ${call.path} ${call.where}:${call.field} → ${res.status} ${res.status === 400 ? res.body?.field ?? '' : ''}`);
      }
      expect(answers.filter((a) => !/ → 4\d\d/.test(a))).toEqual([]);
      // Where the API reads the field itself (all but the signed webhook), the 400 names it.
      const named = CALLS.filter((c) => c.path !== '/payments/webhook').map((c) => `${c.method} ${c.path} ${c.where}:${c.field} → 400 ${c.field}`);
      expect(answers.filter((a) => !a.startsWith('POST /payments/webhook'))).toEqual(named);
    });

    it('refuses a CR/LF with a 4xx but in free text, and never answers 500', async () => {
      const answers: string[] = [];
      const accepted: string[] = [];
      for (const call of CALLS) {
        const res = await send(call, '\r\n');
        const multiLine = call.where === 'body' && isMultiLineField(call.field);
        const ok = multiLine ? res.status < 500 : res.status >= 400 && res.status < 500;
        if (!ok) answers.push(`${call.method} ${call.path} ${call.where}:${call.field} → ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status < 300) accepted.push(`${call.path} ${call.field}`);
      }
      expect(answers).toEqual([]);
      // The base requests are good ones: the free text with its line break goes through.
      expect(accepted).toContain('/public/contact-form message');
    });
  });
}
