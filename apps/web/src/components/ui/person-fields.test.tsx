import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { EmailField, NameField, PasswordField, type TFormFields } from './person-fields';

type TField = 'name' | 'email' | 'password';

const form = (overrides: Partial<TFormFields<TField>> = {}): TFormFields<TField> => ({
  values: { name: 'Ada', email: 'ada@example.com', password: 'secret' },
  change: () => () => {},
  fieldProps: (field) => ({ ref: () => {}, 'aria-invalid': field === 'password' ? true : undefined }),
  disabled: false,
  ...overrides,
});

const inputOf = (html: string) => /<input[^>]*>/.exec(html)?.[0] ?? '';

describe('person fields', () => {
  it('label the input they bind to the form field: its name, value and the mark of the field to fix', () => {
    const html = renderToStaticMarkup(createElement(PasswordField<TField>, { form: form(), field: 'password', label: 'Password' }));
    const id = /<label[^>]*for="([^"]+)"[^>]*>Password<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    const input = inputOf(html);
    expect(input).toContain(`id="${id}"`);
    expect(input).toContain('name="password"');
    expect(input).toContain('value="secret"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).not.toContain('disabled=""');
  });

  it('tell password managers a new password from the current one', () => {
    const fresh = inputOf(renderToStaticMarkup(createElement(PasswordField<TField>, { form: form(), field: 'password', label: 'New' })));
    expect(fresh).toContain('type="password"');
    expect(fresh).toContain('autoComplete="new-password"');
    const current = inputOf(
      renderToStaticMarkup(createElement(PasswordField<TField>, { form: form(), field: 'password', label: 'Current', current: true })),
    );
    expect(current).toContain('autoComplete="current-password"');
  });

  it('give an e-mail address no forced capitals or spelling fixes, and a name its autocomplete', () => {
    const email = inputOf(renderToStaticMarkup(createElement(EmailField<TField>, { form: form(), field: 'email', label: 'Email' })));
    expect(email).toContain('type="email"');
    expect(email).toContain('autoComplete="email"');
    expect(email).toContain('autoCapitalize="none"');
    expect(email).toContain('spellCheck="false"');
    const login = inputOf(
      renderToStaticMarkup(createElement(EmailField<TField>, { form: form(), field: 'email', label: 'Email', autoComplete: 'username' })),
    );
    expect(login).toContain('autoComplete="username"');
    const name = inputOf(
      renderToStaticMarkup(createElement(NameField<TField>, { form: form({ disabled: true }), field: 'name', label: 'Full Name' })),
    );
    expect(name).toContain('autoComplete="name"');
    expect(name).toContain('value="Ada"');
    expect(name).toContain('disabled=""');
  });
});
