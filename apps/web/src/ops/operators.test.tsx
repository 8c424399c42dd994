import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPS_LOGIN_PATH, OPS_ME_PATH } from '@konek/contract/ops';
import { OPS_HISTORY_PATH, type TAuditEntry } from '@konek/contract/ops-history';
import {
  OPS_ADD_OPERATOR_PATH,
  OPS_DISABLE_OPERATOR_PATH,
  OPS_OPERATORS_PATH,
  OPS_SET_OPERATOR_ROLE_PATH,
  type TOpsOperator,
} from '@konek/contract/ops-operators';
import { Operators } from './operators';
import { OpsApp } from './ops-app';

// ADR 089: the admins' operators screen, and what each role's page shows, against a fetch that answers
// as /api/ops does.

const reply = (status: number, body: object) =>
  new Response(JSON.stringify({ module: 'ops', message: 'ok', code: 0, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Sent = { path: string; body: Record<string, unknown> };
function serve(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      return handlers[path]?.(body) ?? reply(404, { code: 404 });
    }),
  );
  return sent;
}

const operator = (overrides: Partial<TOpsOperator>): TOpsOperator => ({
  user_id: 'u-1',
  username: 'ada',
  first_name: 'Ada',
  role: 'admin',
  created_at: '2026-12-01T01:00:00.000Z',
  disabled_at: null,
  ...overrides,
});
const ada = operator({});
const dina = operator({ user_id: 'u-2', username: 'dina', first_name: 'Dina', role: 'dispatcher' });
const session = {
  token: 'admin-token',
  user: { user_id: 'u-1', username: 'ada', role: 'admin' as const, first_name: 'Ada' },
};
const plain = (text: string | null) => text?.replaceAll('\u00a0', ' ');

describe("an admin's operators", () => {
  it('lists every operator; their own row has no role change nor disabling', async () => {
    serve({ [OPS_OPERATORS_PATH]: () => reply(200, { operators: [ada, dina] }) });
    render(<Operators session={session} onFailure={() => {}} />);
    const table = await screen.findByRole('table');
    const [, own, other] = within(table).getAllByRole('row');
    expect(own!.textContent).toContain('ada (you)');
    expect(own!.textContent).toContain('Admin');
    expect(within(own!).queryByRole('combobox')).toBeNull();
    expect(within(own!).queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(within(own!).getByRole('button', { name: 'History of ada' })).toBeTruthy();
    expect(
      (within(other!).getByRole('combobox', { name: 'Role of dina' }) as HTMLSelectElement).value,
    ).toBe('dispatcher');
    expect(other!.textContent).toContain('Can sign in');
    expect(
      within(screen.getByRole('combobox', { name: 'Role' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'Network planner', 'Dispatcher', 'Marketing', 'Technician']);
  });

  it('adds an operator and shows the made password once', async () => {
    let list = [ada];
    const sent = serve({
      [OPS_OPERATORS_PATH]: () => reply(200, { operators: list }),
      [OPS_ADD_OPERATOR_PATH]: (body) => {
        if (body['username'] === 'dina') {
          return reply(409, { code: 15, message: 'That username is taken. Choose another.' });
        }
        const added = operator({
          user_id: 'u-3',
          username: 'nina',
          first_name: 'Nina',
          role: 'network_planner',
        });
        list = [ada, added];
        return reply(200, { operator: added, password: 'Made-Once-Password-20' });
      },
    });
    const user = userEvent.setup();
    render(<Operators session={session} onFailure={() => {}} />);
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Add an operator' });
    await user.type(within(form).getByLabelText(/^Username/), 'dina');
    await user.type(within(form).getByLabelText('First name'), 'Dina');
    await user.click(within(form).getByRole('button', { name: 'Add operator' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That username is taken. Choose another.',
    );

    await user.clear(within(form).getByLabelText(/^Username/));
    await user.type(within(form).getByLabelText(/^Username/), 'nina');
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), 'Nina');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Network planner');
    await user.click(within(form).getByRole('button', { name: 'Add operator' }));
    const shown = await screen.findByRole('status', { name: 'nina is added. Their password:' });
    expect(shown.textContent).toContain('Made-Once-Password-20');
    expect(shown.textContent).toContain('Shown this once: give it to Nina now');
    expect(document.activeElement).toBe(shown);
    expect(
      sent.find((each) => each.path === OPS_ADD_OPERATOR_PATH && each.body['username'] === 'nina')
        ?.body,
    ).toEqual({
      username: 'nina',
      first_name: 'Nina',
      role: 'network_planner',
    });
    expect(await screen.findByRole('rowheader', { name: 'nina' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done, the password is handed over' }));
    expect(screen.queryByText('Made-Once-Password-20')).toBeNull();
  });

  it('changes a role with the keyboard alone', async () => {
    let list = [ada, dina];
    const sent = serve({
      [OPS_OPERATORS_PATH]: () => reply(200, { operators: list }),
      [OPS_SET_OPERATOR_ROLE_PATH]: (body) => {
        const changed = { ...dina, role: body['role'] as TOpsOperator['role'] };
        list = [ada, changed];
        return reply(200, { operator: changed });
      },
    });
    const user = userEvent.setup();
    render(<Operators session={session} onFailure={() => {}} />);
    const select = await screen.findByRole('combobox', { name: 'Role of dina' });
    const save = screen.getByRole('button', { name: 'Save role of dina' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    select.focus();
    await user.selectOptions(select, 'technician');
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('dina is now Technician.');
    expect(sent.find((each) => each.path === OPS_SET_OPERATOR_ROLE_PATH)?.body).toEqual({
      user_id: 'u-2',
      role: 'technician',
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Role of dina' }) as HTMLSelectElement).value,
      ).toBe('technician'),
    );
  });

  it('disables an operator only once the admin confirms', async () => {
    let list = [ada, dina];
    const sent = serve({
      [OPS_OPERATORS_PATH]: () => reply(200, { operators: list }),
      [OPS_DISABLE_OPERATOR_PATH]: () => {
        const disabled = { ...dina, disabled_at: '2026-12-05T02:00:00.000Z' };
        list = [ada, disabled];
        return reply(200, { operator: disabled });
      },
    });
    const user = userEvent.setup();
    render(<Operators session={session} onFailure={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Disable dina' }));
    const confirm = screen.getByRole('group', { name: 'Confirm disabling dina' });
    expect(confirm.textContent).toContain('dina can no longer sign in');
    // Focus is on the safe choice: keeping the operator.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep dina' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'Confirm disabling dina' })).toBeNull();
    expect(sent.some((each) => each.path === OPS_DISABLE_OPERATOR_PATH)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable dina' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disable dina' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'dina is disabled: they can no longer sign in.',
    );
    expect(sent.find((each) => each.path === OPS_DISABLE_OPERATOR_PATH)?.body).toEqual({
      user_id: 'u-2',
    });
    const row = (await screen.findByRole('rowheader', { name: 'dina' })).closest('tr')!;
    await waitFor(() =>
      expect(plain(row.textContent)).toContain('Disabled December 5, 2026, 10:00 AM'),
    );
    expect(within(row).queryByRole('button', { name: 'Disable dina' })).toBeNull();
  });

  it("shows a record's history: who, when, what, and each field before → after", async () => {
    const history: TAuditEntry[] = [
      {
        audit_id: '2',
        at: '2026-12-05T02:00:00.000Z',
        operator: { user_id: 'u-1', username: 'ada' },
        entity: 'ops_user',
        entity_id: 'u-2',
        action: 'update',
        before: { username: 'dina', first_name: 'Dina', role: 'marketing', disabled_at: null },
        after: { username: 'dina', first_name: 'Dina', role: 'dispatcher', disabled_at: null },
      },
      {
        audit_id: '1',
        at: '2026-12-01T01:00:00.000Z',
        operator: null,
        entity: 'ops_user',
        entity_id: 'u-2',
        action: 'create',
        before: null,
        after: { username: 'dina', first_name: 'Dina', role: 'marketing', disabled_at: null },
      },
    ];
    const sent = serve({
      [OPS_OPERATORS_PATH]: () => reply(200, { operators: [ada, dina] }),
      [OPS_HISTORY_PATH]: () => reply(200, { history }),
    });
    const user = userEvent.setup();
    render(<Operators session={session} onFailure={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'History of dina' }));
    const heading = await screen.findByRole('heading', { name: 'History of dina' });
    expect(document.activeElement).toBe(heading);
    const changes = await screen.findByRole('list', { name: 'Changes, newest first' });
    const [changed, created] = within(changes).getAllByRole('listitem');
    expect(plain(changed!.textContent)).toContain('Changed by ada, December 5, 2026, 10:00 AM');
    expect(changed!.textContent).toContain('RoleMarketing → Dispatcher');
    expect(changed!.textContent).not.toContain('Username');
    expect(created!.textContent).toContain(
      'Added by The server (npm run ops, or a start in production)',
    );
    expect(created!.textContent).toContain('Username— → dina');
    expect(created!.textContent).toContain('Role— → Marketing');
    expect(sent.find((each) => each.path === OPS_HISTORY_PATH)?.body).toEqual({
      entity: 'ops_user',
      entity_id: 'u-2',
    });
    await user.click(screen.getByRole('button', { name: 'Close history' }));
    expect(screen.queryByRole('heading', { name: 'History of dina' })).toBeNull();
  });
});

describe('each role sees only its own screens', () => {
  const signInAs = async (role: string) => {
    serve({
      [OPS_LOGIN_PATH]: () =>
        reply(200, {
          api_token: 'token',
          token_start: 0,
          user: { user_id: 'u-1', username: 'someone', role, first_name: 'Sam' },
        }),
      [OPS_ME_PATH]: () => reply(200, {}),
      [OPS_OPERATORS_PATH]: () => reply(200, { operators: [ada] }),
    });
    const user = userEvent.setup();
    render(<OpsApp />);
    await user.type(screen.getByLabelText('Username'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };

  it('an admin: the operators, and no jobs', async () => {
    sessionStorage.clear();
    await signInAs('admin');
    expect(await screen.findByRole('heading', { name: 'Operators', level: 1 })).toBeTruthy();
    expect(screen.getByText('Sam · Admin')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Dispatcher views' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Jobs of the day' })).toBeNull();
  });

  it.each([
    ['network_planner', 'Network planner', 'Coverage: NAP file'],
    ['marketing', 'Marketing', 'Offers'],
  ])('%s: their own screen, and nothing else', async (role, words, heading) => {
    sessionStorage.clear();
    await signInAs(role);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByText(`Sam · ${words}`)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Operators' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Dispatcher views' })).toBeNull();
  });
});
