import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderWithApp, signInAs } from '../../../test/render-with-app';
import { AddMemberForm } from './team-member-form';

function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe('the team form', () => {
  it('shows the SPEC §5 message under each empty field and sends nothing', async () => {
    signInAs('Admin');
    const calls = answerFetch({});
    renderWithApp(<AddMemberForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter your email.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(screen.getByText('Please select type.')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('add-team-member'))).toHaveLength(0);
  });

  it('adds the member, shows the server message and empties the form', async () => {
    signInAs('Admin');
    const calls = answerFetch({
      'add-team-member': { body: { status: 1, message: 'Team member added successfully.', data: { id: 9 } } },
    });
    renderWithApp(<AddMemberForm />);
    fill({ Name: 'Aroha Ngata', Email: 'aroha@example.com', Password: 'kowhai-22', Type: 'Team' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Team member added successfully.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('add-team-member'));
    expect(sent?.body).toEqual({
      name: 'Aroha Ngata',
      email: 'aroha@example.com',
      password: 'kowhai-22',
      type: 'Team',
    });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it('shows a refusal as the server words it and keeps the form', async () => {
    signInAs('Admin');
    answerFetch({
      'add-team-member': {
        status: 409,
        body: { status: 0, message: 'A team member with this email already exists.', code: 'EMAIL_TAKEN' },
      },
    });
    renderWithApp(<AddMemberForm />);
    fill({ Name: 'Aroha Ngata', Email: 'aroha@example.com', Password: 'kowhai-22', Type: 'Team' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('A team member with this email already exists.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Aroha Ngata');
  });
});
