import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalizedDates } from '@/app/layouts/localized-dates';
import { DateTimeInput } from '@/components/ui/date-fields';
import { changeLanguage, i18n, initI18n, loadNamespaces } from '@/lib/i18n';

/** The field in a form that holds its value, can set it from outside (an edit, a reset) and shows an error. */
function renderField({ initial = '', error }: { initial?: string; error?: string } = {}) {
  const onChange = vi.fn<(moment: string) => void>();
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateTimeInput
          label="Start"
          value={value}
          onChange={(moment) => {
            onChange(moment);
            setValue(moment);
          }}
          error={error}
        />
        <button type="button" onClick={() => setValue('2026-12-24T18:45')}>
          edit
        </button>
        <button type="button" onClick={() => setValue('')}>
          reset
        </button>
      </>
    );
  }
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <LocalizedDates>
          <Form />
        </LocalizedDates>
      </I18nextProvider>
    </MantineProvider>,
  );
  return onChange;
}

describe('DateTimeInput: a day and a time in the reader’s locale, given as a datetime-local value', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('dates');
  });
  afterEach(() => changeLanguage('en'));

  it('[en] names both parts after the label, takes a typed day and time and gives "YYYY-MM-DDTHH:mm" once both are there', async () => {
    const user = userEvent.setup();
    const onChange = renderField();
    expect(screen.getByRole('group', { name: 'Start' })).toBeInTheDocument();
    const day = screen.getByRole('textbox', { name: 'Start: day' });

    // jsdom's browser prefers en-US: month first, a 12-hour clock with AM or PM.
    await user.type(day, '12/01/2026');
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.type(screen.getByLabelText('Start: hours'), '0930p');

    expect(onChange).toHaveBeenLastCalledWith('2026-12-01T21:30');
    expect(day).toHaveValue('12/01/2026');
    expect(screen.getByLabelText('Start: minutes')).toHaveValue('30');
    expect(screen.getByLabelText('Start: AM or PM')).toBeInTheDocument();
  });

  it('[fr] reads 27/11/2026 and a 24-hour clock, and gives the same value form', async () => {
    await changeLanguage('fr');
    const user = userEvent.setup();
    const onChange = renderField();
    expect(screen.getByRole('group', { name: 'Start' })).toBeInTheDocument();
    const day = screen.getByRole('textbox', { name: 'Start : jour' });

    await user.type(day, '27/11/2026');
    await user.type(screen.getByLabelText('Start : heures'), '1430');

    expect(onChange).toHaveBeenLastCalledWith('2026-11-27T14:30');
    expect(day).toHaveValue('27/11/2026');
    expect(screen.getByLabelText('Start : minutes')).toHaveValue('30');
    expect(screen.queryByLabelText('Start : matin ou après-midi')).not.toBeInTheDocument();
  });

  it('[fr] shows a value set by the form, and empties both parts when the form empties it', async () => {
    await changeLanguage('fr');
    const user = userEvent.setup();
    renderField({ initial: '2026-11-27T09:05' });
    const day = screen.getByRole('textbox', { name: 'Start : jour' });
    expect(day).toHaveValue('27/11/2026');
    expect(screen.getByLabelText('Start : heures')).toHaveValue('09');
    expect(screen.getByLabelText('Start : minutes')).toHaveValue('05');

    await user.click(screen.getByRole('button', { name: 'edit' }));
    expect(day).toHaveValue('24/12/2026');
    expect(screen.getByLabelText('Start : heures')).toHaveValue('18');

    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(day).toHaveValue('');
    expect(screen.getByLabelText('Start : heures')).toHaveValue('');
    expect(screen.getByLabelText('Start : minutes')).toHaveValue('');
  });

  it('keeps the day typed while the time is still missing, and gives "" again when the time is cleared', async () => {
    await changeLanguage('fr');
    const user = userEvent.setup();
    const onChange = renderField();
    const day = screen.getByRole('textbox', { name: 'Start : jour' });
    await user.type(day, '27/11/2026');
    await user.type(screen.getByLabelText('Start : heures'), '0800');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-27T08:00');

    await user.click(screen.getByLabelText('Start : minutes'));
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(day).toHaveValue('27/11/2026');
  });

  it('shows its error under both parts, describing the group, and marks each part invalid', () => {
    renderField({ error: 'Give both ends of the time slot, or neither.' });
    expect(screen.getByRole('group', { name: 'Start' })).toHaveAccessibleDescription('Give both ends of the time slot, or neither.');
    expect(screen.getByRole('textbox', { name: 'Start: day' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Start: hours' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Start: minutes' })).toHaveAttribute('aria-invalid', 'true');
  });
});
